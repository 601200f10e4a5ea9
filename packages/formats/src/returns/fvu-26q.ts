import { formatRupees, type Paise, paise } from '@taxrecon/shared';
import { BH, CD, DD, FH, FIELD_COUNTS, type RecordType } from './fvu-26q-layout.ts';

// The quarterly 26Q statement as the FVU text file (layout and its sources in
// fvu-26q-layout.ts): a writer from a typed return and a reader back, so the
// file TaxRecon prepares is checked by something other than the code that
// wrote it. Money is paise; dates ISO yyyy-mm-dd; a rate is in ten-thousandths
// of a percent (2% = 20000) so no float meets the 4-decimal field. Counts,
// totals, record and line numbers are derived by the writer and checked by the
// reader, not carried in the model.

export interface Fvu26qAddress {
  address1: string;
  address2: string;
  address3: string;
  address4: string;
  address5: string;
  state: string; // two-digit state code (Annexure)
  pin: string;
  email: string;
  std: string;
  phone: string;
}

export interface Fvu26qDeductee {
  pan: string;
  name: string;
  deducteeCode: '01' | '02'; // 01 company, 02 others
  section: string; // Annexure section code, e.g. 94C, 4JB
  paidOn: string;
  amountPaid: Paise;
  deducted: Paise;
  deposited: Paise;
  // '' on a row with nothing deducted (there was no deduction to date)
  deductedOn: string;
  rate: number; // ten-thousandths of a percent
  remark: string; // Annexure 6 code or ''
  // the lower deduction certificate's number, with remark A ('' otherwise)
  certificate?: string;
}

// A challan, or the nil challan (isNilChallan: no BSR code, nothing paid)
// that carries the rows with nothing deducted, each with its Annexure 6 reason.
export interface Fvu26qChallan {
  bsrCode: string; // seven digits; '' on the nil challan
  serial: string; // five digits; '' on the nil challan
  depositedOn: string; // the nil challan: the quarter's last day
  tax: Paise;
  surcharge: Paise;
  cess: Paise;
  interest: Paise;
  fee: Paise;
  penalty: Paise;
  others: Paise;
  minorHead: string; // 200 or 400; '' on the nil challan
  deductees: Fvu26qDeductee[];
}

// What a government deductor (Annexure 4: A, S, D, E, G, H, L, N) states in
// the batch header besides the common fields; every field '' when not given.
export interface Fvu26qGovernment {
  stateName: string; // Annexure 5 code, for the state government types S, E, H, N
  paoCode: string;
  ddoCode: string;
  ministry: string; // Annexure 3 code
  ministryOther: string; // with ministry 99
  paoRegistration: string;
  ddoRegistration: string;
  ain: string;
}
export const GOVERNMENT_FIELDS = [
  'stateName',
  'paoCode',
  'ddoCode',
  'ministry',
  'ministryOther',
  'paoRegistration',
  'ddoRegistration',
  'ain',
] as const satisfies readonly (keyof Fvu26qGovernment & keyof typeof BH)[];

export interface Fvu26qReturn {
  createdOn: string;
  software: string;
  tan: string;
  pan: string; // the deductor's, or PANNOTREQD for a government deductor
  financialYear: string; // 2024-25
  quarter: 'Q1' | 'Q2' | 'Q3' | 'Q4';
  deductor: Fvu26qAddress & {
    name: string;
    branch: string;
    type: string;
    // a government deductor's fields; written in the 26Q batch header only
    // (FY up to 2025-26: no source places them in Form 140's)
    government?: Fvu26qGovernment;
  };
  responsible: Fvu26qAddress & { name: string; designation: string; mobile: string; pan: string };
  challans: Fvu26qChallan[];
}

export const CRLF = '\r\n';

// The 26Q's section code (Annexure 2 of the old 26Q layout) from a section as
// the books write it: '194C' -> '94C', '194J(b)' -> '4JB', '194I(a)' -> '4IA',
// '194Q' -> '94Q'; 193, 194 and 195 stay as they are. Three characters at most.
// The codes that follow no rule are listed: the last three characters of
// 194IA would be 194I(a)'s '4IA', of 194BA 194LBA's '4BA' (Sandbox's TDS master
// data, developer.sandbox.co.in/reference/tds-reports-master-data; 194IB by
// 194IA's pattern, beside it in the 26Q list).
const IRREGULAR_CODES: Readonly<Record<string, string>> = {
  '192A': '2AA',
  '194BA': '9BA',
  '194IA': '9IA',
  '194IB': '9IB',
  '194LA': '94L',
  '194LBA': '4BA',
};
export const annexureSectionCode = (section: string): string => {
  const irregular = IRREGULAR_CODES[section.trim().toUpperCase()];
  if (irregular) return irregular;
  const m = /^(\d{3})([A-Z]*)(?:\(([a-z])\))?$/i.exec(section.trim());
  if (!m) return section.trim().toUpperCase();
  const [, number, letters = '', sub = ''] = m;
  if (!letters && !sub) return number!;
  const code = `${number!.slice(1)}${letters}${sub}`.toUpperCase();
  return code.length > 3 ? code.slice(code.length - 3) : code;
};
// The return's section code for a deductee row: from Tax Year 2026-27 the
// statement is Form 140, whose section code is the four-digit payment code of
// the Income-tax Act 2025 (reference/tds-payable-sources.md 4.3: "Sr15
// section code = four-digit payment code"); before it, the old annexure code.
export const returnSectionCode = (
  financialYear: string,
  section: string,
  paymentCode: string | null,
): string =>
  isForm140Year(financialYear) && paymentCode && /^\d{4}$/.test(paymentCode)
    ? paymentCode
    : annexureSectionCode(section);

// Form 140 replaces 26Q from Q1 of Tax Year 2026-27 (the batch header's form
// number says which); quarters of FY 2025-26 and before are filed on 26Q.
export const isForm140Year = (financialYear: string): boolean => financialYear >= '2026-27';
export const formNumberOf = (financialYear: string): '140' | '26Q' =>
  isForm140Year(financialYear) ? '140' : '26Q';

export const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'] as const;

// Annexure 6's reasons for no deduction that the rows of a nil challan may
// carry (FVU 4.0, from October 2013: "Nil challans/transfer vouchers need to
// mandatorily have deductee records with flag A, B, Y, S, T or Z"); each of
// them needs the deductee's PAN.
export const NO_DEDUCTION_REMARKS: readonly string[] = ['A', 'B', 'S', 'T', 'Y', 'Z'];

// The nil challan has no bank challan behind it: no BSR code, no serial, no
// minor head, nothing paid (CD NIL challan indicator Y).
export const isNilChallan = (c: Pick<Fvu26qChallan, 'bsrCode'>): boolean => c.bsrCode === '';

const QUARTER_LAST_DAY = { Q1: '06-30', Q2: '09-30', Q3: '12-31', Q4: '03-31' } as const;
export const quarterEndOf = (financialYear: string, quarter: Fvu26qReturn['quarter']): string =>
  `${Number(financialYear.slice(0, 4)) + (quarter === 'Q4' ? 1 : 0)}-${QUARTER_LAST_DAY[quarter]}`;

// The quarter's nil challan for its rows with nothing deducted. Its date is
// the quarter's last day, as the return preparation utility asks of a nil
// challan ("Date on which tax deposited: last day of respective quarter").
export const nilChallan = (
  financialYear: string,
  quarter: Fvu26qReturn['quarter'],
  deductees: Fvu26qDeductee[],
): Fvu26qChallan => ({
  bsrCode: '',
  serial: '',
  depositedOn: quarterEndOf(financialYear, quarter),
  tax: paise(0),
  surcharge: paise(0),
  cess: paise(0),
  interest: paise(0),
  fee: paise(0),
  penalty: paise(0),
  others: paise(0),
  minorHead: '',
  deductees,
});

export const money = formatRupees;
const rateText = (r: number): string => `${Math.trunc(r / 10000)}.${String(r % 10000).padStart(4, '0')}`;
const ddmmyyyy = (iso: string): string => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;
export const isoOf = (d: string): string | null =>
  /^\d{8}$/.test(d) ? `${d.slice(4, 8)}-${d.slice(2, 4)}-${d.slice(0, 2)}` : null;
// '^' separates fields and a line break ends a record: neither may be inside a
// value. The file is ASCII (4.1): an accented letter loses its accent (JOSÉ ->
// JOSE) and any other character outside printable ASCII becomes a space.
const clean = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|\^/g, ' ')
    .toUpperCase();
// FY 2024-25 -> '202425'; its assessment year 2025-26 -> '202526'.
const yearCode = (fy: string): string => `${fy.slice(0, 4)}${fy.slice(5, 7)}`;
export const assessmentYearOf = (fy: string): string => {
  const start = Number(fy.slice(0, 4)) + 1;
  return `${start}${String((start + 1) % 100).padStart(2, '0')}`;
};

const record = (type: RecordType, values: Record<number, string>): string => {
  const fields = Array.from({ length: FIELD_COUNTS[type] }, (_, i) => values[i + 1] ?? '');
  fields[1] = type;
  return fields.map(clean).join('^');
};

export const write26qFvu = (r: Fvu26qReturn): string => {
  let line = 0;
  const lines: string[] = [];
  const push = (type: RecordType, values: Record<number, string>) => {
    line += 1;
    lines.push(record(type, { ...values, 1: String(line) }));
  };
  push('FH', {
    [FH.fileType]: 'NS1',
    [FH.uploadType]: 'R',
    [FH.createdOn]: ddmmyyyy(r.createdOn),
    [FH.sequence]: '1',
    [FH.uploaderType]: 'D',
    [FH.tan]: r.tan,
    [FH.batches]: '1',
    [FH.software]: r.software,
  });
  const total = (c: Fvu26qChallan) =>
    c.tax + c.surcharge + c.cess + c.interest + c.fee + c.penalty + c.others;
  const d = r.deductor;
  const p = r.responsible;
  push('BH', {
    [BH.batch]: '1',
    [BH.challans]: String(r.challans.length),
    [BH.form]: formNumberOf(r.financialYear),
    [BH.tan]: r.tan,
    [BH.pan]: r.pan,
    [BH.assessmentYear]: assessmentYearOf(r.financialYear),
    [BH.financialYear]: yearCode(r.financialYear),
    [BH.quarter]: r.quarter,
    [BH.name]: d.name,
    [BH.branch]: d.branch,
    [BH.address1]: d.address1,
    [BH.address2]: d.address2,
    [BH.address3]: d.address3,
    [BH.address4]: d.address4,
    [BH.address5]: d.address5,
    [BH.state]: d.state,
    [BH.pin]: d.pin,
    [BH.email]: d.email,
    [BH.std]: d.std,
    [BH.phone]: d.phone,
    [BH.addressChanged]: 'N',
    [BH.deductorType]: d.type,
    [BH.responsibleName]: p.name,
    [BH.responsibleDesignation]: p.designation,
    [BH.responsibleAddress1]: p.address1,
    [BH.responsibleAddress2]: p.address2,
    [BH.responsibleAddress3]: p.address3,
    [BH.responsibleAddress4]: p.address4,
    [BH.responsibleAddress5]: p.address5,
    [BH.responsibleState]: p.state,
    [BH.responsiblePin]: p.pin,
    [BH.responsibleEmail]: p.email,
    [BH.responsibleMobile]: p.mobile,
    [BH.responsibleStd]: p.std,
    [BH.responsiblePhone]: p.phone,
    [BH.responsibleAddressChanged]: 'N',
    [BH.depositTotal]: money(r.challans.reduce((n, c) => n + total(c), 0)),
    [BH.aoApproval]: 'N',
    [BH.responsiblePan]: p.pan,
    ...(d.government && formNumberOf(r.financialYear) === '26Q'
      ? Object.fromEntries(GOVERNMENT_FIELDS.map((k) => [BH[k], d.government![k]]))
      : {}),
  });
  r.challans.forEach((c, ci) => {
    push('CD', {
      [CD.batch]: '1',
      [CD.record]: String(ci + 1),
      [CD.deductees]: String(c.deductees.length),
      [CD.nil]: isNilChallan(c) ? 'Y' : 'N',
      [CD.tax]: money(c.tax),
      [CD.interest]: money(c.interest),
      [CD.fee]: money(c.fee),
      [CD.penalty]: money(c.penalty),
      [CD.total]: money(total(c)),
      [CD.mode]: isNilChallan(c) ? '' : 'C',
      [CD.bsr]: c.bsrCode,
      [CD.serial]: c.serial,
      [CD.date]: ddmmyyyy(c.depositedOn),
      [CD.depositedAsPerDeductees]: money(c.deductees.reduce((n, x) => n + x.deposited, 0)),
      [CD.deductedAsPerDeductees]: money(c.deductees.reduce((n, x) => n + x.deducted, 0)),
      [CD.minorHead]: c.minorHead,
      [CD.surcharge]: money(c.surcharge),
      [CD.cess]: money(c.cess),
      [CD.others]: money(c.others),
    });
    c.deductees.forEach((x, di) => {
      push('DD', {
        [DD.batch]: '1',
        [DD.record]: String(di + 1),
        [DD.challan]: String(ci + 1),
        [DD.mode]: 'O',
        [DD.pan]: x.pan,
        [DD.name]: x.name,
        [DD.deducteeCode]: x.deducteeCode,
        [DD.section]: x.section,
        [DD.depositedFlag]: 'Y',
        [DD.paidOn]: ddmmyyyy(x.paidOn),
        [DD.amountPaid]: money(x.amountPaid),
        [DD.deducted]: money(x.deducted),
        [DD.deposited]: money(x.deposited),
        [DD.deductedOn]: ddmmyyyy(x.deductedOn),
        [DD.rate]: rateText(x.rate),
        [DD.remark]: x.remark,
        [DD.certificate]: x.certificate ?? '',
      });
    });
  });
  return lines.join(CRLF) + CRLF;
};
