import type { DeducteeType } from './types.ts';

// Section names as ledgers, masters and people write them, turned into one
// canonical form: the 1961 Act's number with its sub-section in brackets
// (`194C`, `194J(b)`, `194I(a)`, `206C(1H)`). From 1 April 2026 the
// Income-tax Act, 2025 puts all of these under section 393 with payment codes;
// a ledger may carry either, so codes map back to the old name here and the
// code is derived again for documents of the new Act (`paymentCodeOf`).

// Payment code -> 1961 section. Codes and their pairing from
// resilient-tech/india-compliance PR #4152 (NEW_TDS_SECTION and OLD_TO_NEW),
// https://github.com/resilient-tech/india-compliance/pull/4152, and
// https://taxroutine.com/income-tax-act-2025/new-tds-and-tcs-payment-codes
// (see ../shared/reference/tds-payable-sources.md, section 1.3).
const CODE_TO_SECTION: Readonly<Record<string, string>> = {
  '1005': '194D',
  '1006': '194H',
  '1008': '194I(a)',
  '1009': '194I(b)',
  '1011': '194IC',
  '1012': '194LA',
  '1013': '194K',
  '1014': '194LBA',
  '1015': '194LBA',
  '1016': '194LBA',
  '1017': '194LBB',
  '1018': '194LBC',
  '1019': '193',
  '1020': '194A',
  '1021': '194A',
  '1022': '194A',
  '1023': '194C',
  '1024': '194C',
  '1026': '194J(a)',
  '1027': '194J(b)',
  '1028': '194J(b)',
  '1029': '194',
  '1030': '194DA',
  '1031': '194Q',
  '1032': '194P',
  '1033': '194R',
  '1034': '194R',
  '1035': '194O',
  '1037': '194S',
  '1038': '194S',
  '1058': '194B',
  '1059': '194B',
  '1060': '194BA',
  '1061': '194BA',
  '1062': '194BB',
  '1063': '194G',
  '1064': '194N',
  '1065': '194N',
  '1066': '194EE',
  '1067': '194T',
};

// 1961 section -> payment code; where the code depends on the payee, the
// choice is made in `paymentCodeOf`.
const SECTION_TO_CODE: Readonly<Record<string, string>> = {
  '194D': '1005',
  '194H': '1006',
  '194I(a)': '1008',
  '194I(b)': '1009',
  '194IC': '1011',
  '194LA': '1012',
  '194K': '1013',
  '194LBA': '1014',
  '194LBB': '1017',
  '194LBC': '1018',
  '193': '1019',
  // Interest by payers other than banks, co-operative banks and the post office.
  '194A': '1022',
  '194J(a)': '1026',
  '194J(b)': '1027',
  '194': '1029',
  '194DA': '1030',
  '194Q': '1031',
  '194P': '1032',
  '194R': '1033',
  '194O': '1035',
  '194S': '1037',
  '194B': '1058',
  '194BA': '1060',
  '194BB': '1062',
  '194G': '1063',
  '194N': '1065',
  '194EE': '1066',
  '194T': '1067',
};

export const NEW_ACT_FROM = '2026-04-01';

export const paymentCodeOf = (
  section: string,
  deducteeType: DeducteeType | null,
  date: string | null,
): string | null => {
  if (date === null || date < NEW_ACT_FROM) return null;
  // 393(1) Table Sl.6(i): 1023 for an individual or HUF contractor, 1024 otherwise.
  if (section === '194C') return deducteeType === 'individual' ? '1023' : '1024';
  return SECTION_TO_CODE[section] ?? null;
};

const SECTION_SHAPE = /^(\d{3})([A-Z]{0,3})(?:\(([0-9A-Za-z]{1,3})\))?$/;

// "194 J (b)", "194-JB", "Sec. 194C", "u/s 194I(a)", "1027" -> canonical, or
// null when it is not a section at all.
export const normaliseSection = (
  raw: string | null | undefined,
  subSection?: string | null,
): string | null => {
  if (raw === null || raw === undefined) return null;
  let s = raw.trim();
  if (s === '') return null;
  if (/^\d{4}$/.test(s)) return CODE_TO_SECTION[s] ?? null;
  s = s.replace(/^(?:u\/s|sec(?:tion)?\.?)\s*/i, '');
  // "194I a", "194J b": a lone letter after a space is the sub-section.
  const spaced = /^(\d{3}\s*-?\s*[A-Za-z]{0,3})\s+([a-z])$/.exec(s);
  if (spaced) s = `${spaced[1]}(${spaced[2]})`;
  s = s.replace(/[\s\-.]/g, '');
  let sub = subSection?.trim().replace(/^\((.*)\)$/, '$1') ?? '';
  const m = SECTION_SHAPE.exec(
    s.replace(/^(\d{3})([a-z]+)/i, (_, n: string, l: string) => n + l.toUpperCase()),
  );
  if (!m) return null;
  let letters = m[2] ?? '';
  if (m[3]) sub = m[3];
  // 194JA / 194JB are how many ledgers write 194J(a) / 194J(b); 194IA, 194IB
  // and 194IC are sections of their own (property, rent by individuals, JDA).
  if (letters === 'JA' || letters === 'JB') {
    sub = letters[1]!.toLowerCase();
    letters = 'J';
  }
  if (sub === '') return `${m[1]}${letters}`;
  const subText = sub.length === 1 && /[A-Za-z]/.test(sub) ? sub.toLowerCase() : sub.toUpperCase();
  return `${m[1]}${letters}(${subText})`;
};

// A canonical section apart, as the screens and the 26Q hold it: "194J(b)" ->
// ["194J", "b"]; "194C" -> ["194C", null].
export const splitSection = (canonical: string): [string, string | null] => {
  const m = /^(.+?)\((.+)\)$/.exec(canonical);
  return m ? [m[1]!, m[2]!] : [canonical, null];
};

// `ALL` in a custom rule or grid matches anything.
export const isAll = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '' || value.trim().toUpperCase() === 'ALL';
