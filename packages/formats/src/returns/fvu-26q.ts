import { formatRupees, GOVERNMENT_DEDUCTOR_FIELDS, type Paise, paise } from '@taxrecon/shared';
import {
  BH,
  CD_26Q,
  CD_140,
  DD_26Q,
  DD_140,
  FH,
  FIELD_COUNTS,
  type FormNumber,
  type RecordType,
} from './fvu-26q-layout.ts';

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
// that carries the rows with nothing deducted, each with its Annexure 6 reason,
// or a government deductor's transfer voucher (deposit by book entry).
export interface Fvu26qChallan {
  // seven digits: the bank branch's BSR code, or for a transfer voucher the
  // Form 24G receipt number the Accounts Officer gave (one field of the 26Q
  // challan record: "Bank-Branch Code / Form 24G Receipt Number"); '' on the
  // nil challan
  bsrCode: string;
  serial: string; // the bank challan's five digits; '' on the nil challan and a transfer voucher
  // Deposited by book entry: the DDO serial number of Form 24G (five digits).
  // The 26Q layout only (FY up to 2025-26): no source places it in Form 140's.
  transferVoucher?: { ddoSerial: string };
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
// the batch header's state name and the fields a deductor gives (shared)
export const GOVERNMENT_FIELDS = [
  'stateName',
  ...GOVERNMENT_DEDUCTOR_FIELDS,
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
export const formNumberOf = (financialYear: string): FormNumber =>
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

const record = (form: FormNumber, type: RecordType, values: Record<number, string>): string => {
  const fields = Array.from({ length: FIELD_COUNTS[form][type] }, (_, i) => values[i + 1] ?? '');
  fields[1] = type;
  return fields.map(clean).join('^');
};

export const challanTotal = (c: Fvu26qChallan): Paise =>
  paise(c.tax + c.surcharge + c.cess + c.interest + c.fee + c.penalty + c.others);
const sumOf = (c: Fvu26qChallan, k: 'deducted' | 'deposited'): string =>
  money(c.deductees.reduce((n, x) => n + x[k], 0));

// The challan record of a 26Q (FY up to 2025-26). It has no penalty field: the
// penalty goes with "Others", as the 24Q generator that quotes the spec adds
// penalty and other amounts into it.
const challan26q = (c: Fvu26qChallan, ci: number): Record<number, string> => {
  const nil = isNilChallan(c);
  const others = money(paise(c.penalty + c.others));
  const deducted = sumOf(c, 'deducted');
  return {
    [CD_26Q.batch]: '1',
    [CD_26Q.record]: String(ci + 1),
    [CD_26Q.deductees]: String(c.deductees.length),
    [CD_26Q.nil]: nil ? 'Y' : 'N',
    [CD_26Q.serial]: c.transferVoucher ? '' : c.serial,
    [CD_26Q.ddoSerial]: c.transferVoucher?.ddoSerial ?? '',
    [CD_26Q.bsr]: c.bsrCode,
    [CD_26Q.date]: ddmmyyyy(c.depositedOn),
    [CD_26Q.tax]: money(c.tax),
    [CD_26Q.surcharge]: money(c.surcharge),
    [CD_26Q.cess]: money(c.cess),
    [CD_26Q.interest]: money(c.interest),
    [CD_26Q.others]: others,
    [CD_26Q.total]: money(challanTotal(c)),
    [CD_26Q.depositedAsPerDeductees]: sumOf(c, 'deposited'),
    [CD_26Q.incomeTaxAsPerDeductees]: deducted,
    [CD_26Q.surchargeAsPerDeductees]: money(paise(0)),
    [CD_26Q.cessAsPerDeductees]: money(paise(0)),
    [CD_26Q.deductedAsPerDeductees]: deducted,
    [CD_26Q.interestAsPerDeductees]: money(c.interest),
    [CD_26Q.othersAsPerDeductees]: others,
    [CD_26Q.bookEntry]: nil ? '' : c.transferVoucher ? 'Y' : 'N',
    [CD_26Q.fee]: money(c.fee),
    [CD_26Q.minorHead]: c.transferVoucher ? '' : c.minorHead,
  };
};

// The deductee's tax is all income tax: TaxRecon's rows carry no surcharge or
// cess of their own, so 14 and 17 are the same amount and 15, 16 are nil.
const deductee26q = (x: Fvu26qDeductee, di: number, ci: number): Record<number, string> => ({
  [DD_26Q.batch]: '1',
  [DD_26Q.challan]: String(ci + 1),
  [DD_26Q.record]: String(di + 1),
  [DD_26Q.mode]: 'O',
  [DD_26Q.deducteeCode]: x.deducteeCode,
  [DD_26Q.pan]: x.pan,
  [DD_26Q.name]: x.name,
  [DD_26Q.incomeTax]: money(x.deducted),
  [DD_26Q.surcharge]: money(paise(0)),
  [DD_26Q.cess]: money(paise(0)),
  [DD_26Q.deducted]: money(x.deducted),
  [DD_26Q.deposited]: money(x.deposited),
  [DD_26Q.amountPaid]: money(x.amountPaid),
  [DD_26Q.paidOn]: ddmmyyyy(x.paidOn),
  [DD_26Q.deductedOn]: ddmmyyyy(x.deductedOn),
  [DD_26Q.rate]: rateText(x.rate),
  [DD_26Q.remark]: x.remark,
  [DD_26Q.section]: x.section,
  [DD_26Q.certificate]: x.certificate ?? '',
});

const challan140 = (c: Fvu26qChallan, ci: number): Record<number, string> => {
  // No source gives Form 140's positions of a deposit by book entry (its
  // only mode known is C, bank challan): refused before it gets here.
  if (c.transferVoucher)
    throw new Error('Form 140 has no known positions for a deposit by book entry (transfer voucher)');
  return {
    [CD_140.batch]: '1',
    [CD_140.record]: String(ci + 1),
    [CD_140.deductees]: String(c.deductees.length),
    [CD_140.nil]: isNilChallan(c) ? 'Y' : 'N',
    [CD_140.tax]: money(c.tax),
    [CD_140.interest]: money(c.interest),
    [CD_140.fee]: money(c.fee),
    [CD_140.penalty]: money(c.penalty),
    [CD_140.total]: money(challanTotal(c)),
    [CD_140.mode]: isNilChallan(c) ? '' : 'C',
    [CD_140.bsr]: c.bsrCode,
    [CD_140.serial]: c.serial,
    [CD_140.date]: ddmmyyyy(c.depositedOn),
    [CD_140.depositedAsPerDeductees]: sumOf(c, 'deposited'),
    [CD_140.deductedAsPerDeductees]: sumOf(c, 'deducted'),
    [CD_140.minorHead]: c.minorHead,
    [CD_140.surcharge]: money(c.surcharge),
    [CD_140.cess]: money(c.cess),
    [CD_140.others]: money(c.others),
  };
};

const deductee140 = (x: Fvu26qDeductee, di: number, ci: number): Record<number, string> => ({
  [DD_140.batch]: '1',
  [DD_140.record]: String(di + 1),
  [DD_140.challan]: String(ci + 1),
  [DD_140.mode]: 'O',
  [DD_140.pan]: x.pan,
  [DD_140.name]: x.name,
  [DD_140.deducteeCode]: x.deducteeCode,
  [DD_140.section]: x.section,
  [DD_140.depositedFlag]: 'Y',
  [DD_140.paidOn]: ddmmyyyy(x.paidOn),
  [DD_140.amountPaid]: money(x.amountPaid),
  [DD_140.deducted]: money(x.deducted),
  [DD_140.deposited]: money(x.deposited),
  [DD_140.deductedOn]: ddmmyyyy(x.deductedOn),
  [DD_140.rate]: rateText(x.rate),
  [DD_140.remark]: x.remark,
  [DD_140.certificate]: x.certificate ?? '',
});

export const write26qFvu = (r: Fvu26qReturn): string => {
  const form = formNumberOf(r.financialYear);
  let line = 0;
  const lines: string[] = [];
  const push = (type: RecordType, values: Record<number, string>) => {
    line += 1;
    lines.push(record(form, type, { ...values, 1: String(line) }));
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
  const d = r.deductor;
  const p = r.responsible;
  push('BH', {
    [BH.batch]: '1',
    [BH.challans]: String(r.challans.length),
    [BH.form]: form,
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
    [BH.depositTotal]: money(r.challans.reduce((n, c) => n + challanTotal(c), 0)),
    [BH.aoApproval]: 'N',
    [BH.responsiblePan]: p.pan,
    ...(d.government && form === '26Q'
      ? Object.fromEntries(GOVERNMENT_FIELDS.map((k) => [BH[k], d.government![k]]))
      : {}),
  });
  r.challans.forEach((c, ci) => {
    push('CD', form === '26Q' ? challan26q(c, ci) : challan140(c, ci));
    c.deductees.forEach((x, di) => {
      push('DD', form === '26Q' ? deductee26q(x, di, ci) : deductee140(x, di, ci));
    });
  });
  return lines.join(CRLF) + CRLF;
};
