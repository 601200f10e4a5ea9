import {
  isGovernmentDeductor,
  isValidPan,
  PAN_NOT_REQUIRED,
  type Paise,
  paise,
  parseRupees,
} from '@taxrecon/shared';
import { type FileIssue, issue } from '../errors.ts';
import {
  assessmentYearOf,
  CRLF,
  challanTotal,
  type Fvu26qChallan,
  type Fvu26qDeductee,
  type Fvu26qReturn,
  formNumberOf,
  GOVERNMENT_FIELDS,
  isNilChallan,
  isoOf,
  money,
  NO_DEDUCTION_REMARKS,
  QUARTERS,
} from './fvu-26q.ts';
import {
  BH,
  CD_26Q,
  CD_140,
  DD_26Q,
  DD_140,
  FH,
  FIELD_COUNTS,
  type FormNumber,
  LAYOUTS,
  type RecordType,
} from './fvu-26q-layout.ts';

// The reader of the 26Q FVU text file (the writer is fvu-26q.ts): it reads a
// file back into the return it states, so the file TaxRecon prepares is
// checked by something other than the code that wrote it. The layout of its
// challan and deductee records is the one the writer takes for the batch
// header's financial year: 26Q up to FY 2025-26, Form 140 after.

const namesOf = (positions: Record<string, number>): Record<number, string> =>
  Object.fromEntries(Object.entries(positions).map(([k, v]) => [v, k]));
const FIELD_NAMES: Record<FormNumber, Record<RecordType, Record<number, string>>> = {
  '26Q': { FH: namesOf(FH), BH: namesOf(BH), CD: namesOf(CD_26Q), DD: namesOf(DD_26Q) },
  '140': { FH: namesOf(FH), BH: namesOf(BH), CD: namesOf(CD_140), DD: namesOf(DD_140) },
};
// The batch header's financial year '202425' -> '2024-25', or '' when it is
// not one; the same position in both layouts.
const financialYearOf = (code: string): string =>
  /^\d{6}$/.test(code) ? `${code.slice(0, 4)}-${code.slice(4)}` : '';

export interface Fvu26qReadResult {
  value: Fvu26qReturn | null;
  errors: FileIssue[];
}

// Reads a 26Q FVU text file back into the return it states, checking what the
// writer derives (line numbers, field counts, record order, challan and
// deductee counts, record links and totals). Problems are values with the line
// and the field; it never throws on bad data.
export const read26qFvu = (text: string, file = '26Q.txt'): Fvu26qReadResult => {
  const errors: FileIssue[] = [];
  const lines = text.split(CRLF);
  if (lines.at(-1) === '') lines.pop();
  let lineNo = 0;
  const bhFields = lines.find((l) => l.split('^')[1] === 'BH')?.split('^') ?? [];
  const form = formNumberOf(financialYearOf(bhFields[BH.financialYear - 1] ?? ''));
  const counts = FIELD_COUNTS[form];
  const names = FIELD_NAMES[form];
  const { CD, DD } = LAYOUTS[form];
  type Fields = { at: (n: number) => string; line: number; type: RecordType };
  const problem = (line: number, code: string, expected: string, message: string, column?: string) =>
    errors.push(issue(file, line, code, expected, message, column ? { column } : {}));
  const records: Fields[] = [];
  for (const raw of lines) {
    lineNo += 1;
    if (raw.includes('\n') || raw.includes('\r')) {
      problem(lineNo, 'LINE_END', 'CR LF line ends', 'Each record must end with CR LF');
      continue;
    }
    const fields = raw.split('^');
    const type = fields[1] as RecordType;
    if (!(type in counts)) {
      problem(lineNo, 'RECORD_TYPE', 'FH, BH, CD or DD', `Unknown record type "${fields[1] ?? ''}"`, 'type');
      continue;
    }
    if (fields.length !== counts[type]) {
      problem(
        lineNo,
        'FIELD_COUNT',
        `${counts[type]} fields`,
        `A ${type} record of form ${form} has ${counts[type]} fields separated by '^'; this line has ${fields.length}`,
      );
      continue;
    }
    if (fields[0] !== String(lineNo))
      problem(lineNo, 'LINE_NUMBER', String(lineNo), `Line number field is "${fields[0]}"`, 'line');
    records.push({ at: (n) => fields[n - 1] ?? '', line: lineNo, type });
  }
  if (errors.length > 0) return { value: null, errors };

  const amount = (f: Fields, n: number): Paise => {
    const t = f.at(n);
    const p = /^-?\d+\.\d{2}$/.test(t) ? parseRupees(t) : null;
    if (p === null) {
      problem(f.line, 'AMOUNT', 'an amount with 2 decimals', `"${t}" is not an amount`, names[f.type][n]);
      return paise(0);
    }
    return p;
  };
  const date = (f: Fields, n: number): string => {
    const iso = isoOf(f.at(n));
    if (iso === null || Number.isNaN(Date.parse(iso)))
      problem(f.line, 'DATE', 'a date ddmmyyyy', `"${f.at(n)}" is not a date`, names[f.type][n]);
    return iso ?? '';
  };
  const rate = (f: Fields, n: number): number => {
    const m = /^(\d+)\.(\d{4})$/.exec(f.at(n));
    if (!m) {
      problem(f.line, 'RATE', 'a rate with 4 decimals', `"${f.at(n)}" is not a rate`, names[f.type][n]);
      return 0;
    }
    return Number(m[1]) * 10000 + Number(m[2]);
  };
  const expect = (f: Fields, n: number, want: string) => {
    if (f.at(n) !== want)
      problem(f.line, 'VALUE', want, `Expected "${want}", found "${f.at(n)}"`, names[f.type][n]);
  };

  const [fh, bh, ...rest] = records;
  if (fh?.type !== 'FH' || bh?.type !== 'BH') {
    problem(1, 'ORDER', 'FH then BH', 'The file must start with a file header (FH) and a batch header (BH)');
    return { value: null, errors };
  }
  expect(fh, FH.fileType, 'NS1');
  expect(fh, FH.batches, '1');
  expect(bh, BH.tan, fh.at(FH.tan));
  const financialYear = financialYearOf(bh.at(BH.financialYear));
  if (!financialYear)
    problem(
      bh.line,
      'YEAR',
      'yyyyyy',
      `"${bh.at(BH.financialYear)}" is not a financial year`,
      'financialYear',
    );
  else {
    expect(bh, BH.assessmentYear, assessmentYearOf(financialYear));
    expect(bh, BH.form, formNumberOf(financialYear));
  }
  const quarter = bh.at(BH.quarter) as Fvu26qReturn['quarter'];
  if (!QUARTERS.includes(quarter))
    problem(bh.line, 'QUARTER', 'Q1 to Q4', `"${quarter}" is not a quarter`, 'quarter');
  // PANNOTREQD only for a deductor of a government category (Annexure 4)
  const deductorPan = bh.at(BH.pan);
  if (
    deductorPan === PAN_NOT_REQUIRED
      ? !isGovernmentDeductor(bh.at(BH.deductorType))
      : !isValidPan(deductorPan)
  )
    problem(
      bh.line,
      'PAN',
      "the deductor's PAN, or PANNOTREQD for a government deductor",
      deductorPan === PAN_NOT_REQUIRED
        ? `PANNOTREQD is for government deductors; deductor type "${bh.at(BH.deductorType)}" is not one`
        : `"${deductorPan}" is not a PAN`,
      'pan',
    );

  // "For other deductor type no value should be provided" (docs/decisions.md session 40)
  if (!isGovernmentDeductor(bh.at(BH.deductorType)))
    for (const k of GOVERNMENT_FIELDS)
      if (bh.at(BH[k]) !== '')
        problem(
          bh.line,
          'GOVERNMENT',
          'no value for a deductor that is not a government one',
          `"${bh.at(BH[k])}" is a government deductor's field; deductor type "${bh.at(BH.deductorType)}" is not one`,
          k,
        );

  const challans: Fvu26qChallan[] = [];
  let current: { record: Fields; challan: Fvu26qChallan } | null = null;
  const close = () => {
    if (!current) return;
    const { record: f, challan: c } = current;
    const deducted = money(c.deductees.reduce((n, x) => n + x.deducted, 0));
    expect(f, CD.deductees, String(c.deductees.length));
    expect(f, CD.depositedAsPerDeductees, money(c.deductees.reduce((n, x) => n + x.deposited, 0)));
    expect(f, CD.deductedAsPerDeductees, deducted);
    if (form === '26Q') expect(f, CD_26Q.incomeTaxAsPerDeductees, deducted);
  };
  // The challan record in the 26Q layout: no penalty field (it is read as
  // part of Others), the amounts "as per deductee annexure" repeated, and a
  // transfer voucher (By Book entry Y) with its DDO serial number of Form 24G.
  const challan26q = (f: Fields): Fvu26qChallan => {
    const bookEntry = f.at(CD_26Q.bookEntry);
    const c: Fvu26qChallan = {
      bsrCode: f.at(CD_26Q.bsr),
      serial: f.at(CD_26Q.serial),
      ...(bookEntry === 'Y' ? { transferVoucher: { ddoSerial: f.at(CD_26Q.ddoSerial) } } : {}),
      depositedOn: date(f, CD_26Q.date),
      tax: amount(f, CD_26Q.tax),
      surcharge: amount(f, CD_26Q.surcharge),
      cess: amount(f, CD_26Q.cess),
      interest: amount(f, CD_26Q.interest),
      fee: amount(f, CD_26Q.fee),
      penalty: paise(0),
      others: amount(f, CD_26Q.others),
      minorHead: f.at(CD_26Q.minorHead),
      deductees: [],
    };
    for (const n of [CD_26Q.surchargeAsPerDeductees, CD_26Q.cessAsPerDeductees]) expect(f, n, '0.00');
    expect(f, CD_26Q.interestAsPerDeductees, money(c.interest));
    expect(f, CD_26Q.othersAsPerDeductees, money(c.others));
    if (f.at(CD_26Q.nil) === 'Y') {
      expect(f, CD_26Q.bookEntry, '');
      expect(f, CD_26Q.ddoSerial, '');
    } else if (bookEntry === 'Y') {
      // "No value to be provided if tax deposited by book entry" (bank
      // challan no); "No value to be quoted for nil challan/ transfer voucher"
      // (minor head); the AO's five-digit DDO serial and seven-digit receipt no
      for (const n of [CD_26Q.serial, CD_26Q.minorHead]) expect(f, n, '');
      if (!/^\d{5}$/.test(c.transferVoucher!.ddoSerial))
        problem(
          f.line,
          'DDO_SERIAL',
          '5 digits',
          `"${c.transferVoucher!.ddoSerial}" is not a DDO serial number of Form 24G`,
          'ddoSerial',
        );
    } else {
      expect(f, CD_26Q.bookEntry, 'N');
      expect(f, CD_26Q.ddoSerial, '');
    }
    return c;
  };
  const challan140 = (f: Fields): Fvu26qChallan => {
    const c: Fvu26qChallan = {
      bsrCode: f.at(CD_140.bsr),
      serial: f.at(CD_140.serial),
      depositedOn: date(f, CD_140.date),
      tax: amount(f, CD_140.tax),
      surcharge: amount(f, CD_140.surcharge),
      cess: amount(f, CD_140.cess),
      interest: amount(f, CD_140.interest),
      fee: amount(f, CD_140.fee),
      penalty: amount(f, CD_140.penalty),
      others: amount(f, CD_140.others),
      minorHead: f.at(CD_140.minorHead),
      deductees: [],
    };
    expect(f, CD_140.mode, f.at(CD_140.nil) === 'Y' ? '' : 'C');
    return c;
  };
  for (const f of rest) {
    if (f.type === 'CD') {
      close();
      expect(f, CD.record, String(challans.length + 1));
      const c = form === '26Q' ? challan26q(f) : challan140(f);
      const sum = challanTotal(c);
      const nil = f.at(CD.nil);
      if (nil === 'Y') {
        // the nil challan: no bank challan and nothing paid
        for (const n of [CD.bsr, CD.serial, CD.minorHead]) expect(f, n, '');
        if (sum !== 0)
          problem(f.line, 'NIL_CHALLAN', '0.00', 'A nil challan pays nothing', names.CD[CD.total]);
      } else {
        expect(f, CD.nil, 'N');
        if (!/^\d{7}$/.test(c.bsrCode))
          problem(
            f.line,
            'BSR',
            '7 digits',
            c.transferVoucher
              ? `"${c.bsrCode}" is not a Form 24G receipt number`
              : `"${c.bsrCode}" is not a BSR code`,
            'bsr',
          );
      }
      expect(f, CD.total, money(sum));
      challans.push(c);
      current = { record: f, challan: c };
    } else if (f.type === 'DD') {
      if (!current) {
        problem(f.line, 'ORDER', 'a CD before its DD', 'A deductee record comes before any challan record');
        continue;
      }
      expect(f, DD.challan, String(challans.length));
      expect(f, DD.record, String(current.challan.deductees.length + 1));
      expect(f, DD.mode, 'O');
      const code = f.at(DD.deducteeCode);
      if (code !== '01' && code !== '02')
        problem(f.line, 'DEDUCTEE_CODE', '01 or 02', `"${code}" is not a deductee code`, 'deducteeCode');
      const deducted = amount(f, DD.deducted);
      const deposited = amount(f, DD.deposited);
      if (form === '26Q') {
        // all of it income tax: no surcharge or cess of the row's own
        expect(f, DD_26Q.incomeTax, money(deducted));
        for (const n of [DD_26Q.surcharge, DD_26Q.cess]) expect(f, n, '0.00');
      } else expect(f, DD_140.depositedFlag, 'Y');
      // a row with nothing deducted has no date of deduction
      const deductedOn = deducted === 0 && f.at(DD.deductedOn) === '' ? '' : date(f, DD.deductedOn);
      const row: Fvu26qDeductee = {
        pan: f.at(DD.pan),
        name: f.at(DD.name),
        deducteeCode: code === '01' ? ('01' as const) : ('02' as const),
        section: f.at(DD.section),
        paidOn: date(f, DD.paidOn),
        amountPaid: amount(f, DD.amountPaid),
        deducted,
        deposited,
        deductedOn,
        rate: rate(f, DD.rate),
        remark: f.at(DD.remark),
        ...(f.at(DD.certificate) ? { certificate: f.at(DD.certificate) } : {}),
      };
      // A nil challan's rows: nothing deducted or deposited, a reason for it
      // and the deductee's PAN (Annexure 6).
      if (isNilChallan(current.challan)) {
        if (deducted !== 0 || deposited !== 0)
          problem(
            f.line,
            'NIL_CHALLAN',
            '0.00',
            'A row of a nil challan has nothing deducted or deposited',
            names.DD[DD.deducted],
          );
        if (!NO_DEDUCTION_REMARKS.includes(row.remark))
          problem(
            f.line,
            'REMARK',
            NO_DEDUCTION_REMARKS.join(', '),
            `A row of a nil challan needs the reason for no deduction; found "${row.remark}"`,
            'remark',
          );
        if (!isValidPan(row.pan))
          problem(
            f.line,
            'PAN',
            'a PAN',
            `A row with no deduction needs the deductee's PAN; found "${row.pan}"`,
            'pan',
          );
      }
      current.challan.deductees.push(row);
    } else problem(f.line, 'ORDER', 'CD or DD', `A second ${f.type} record`);
  }
  close();
  expect(bh, BH.challans, String(challans.length));
  const deposits = challans.reduce((n, c) => n + challanTotal(c), 0);
  expect(bh, BH.depositTotal, money(deposits));
  if (errors.length > 0) return { value: null, errors };
  const address = (prefix: 'deductor' | 'responsible') => {
    const k = (name: string) =>
      BH[
        (prefix === 'deductor'
          ? name
          : `responsible${name[0]!.toUpperCase()}${name.slice(1)}`) as keyof typeof BH
      ];
    return {
      address1: bh.at(k('address1')),
      address2: bh.at(k('address2')),
      address3: bh.at(k('address3')),
      address4: bh.at(k('address4')),
      address5: bh.at(k('address5')),
      state: bh.at(k('state')),
      pin: bh.at(k('pin')),
      email: bh.at(k('email')),
      std: bh.at(k('std')),
      phone: bh.at(k('phone')),
    };
  };
  return {
    value: {
      createdOn: isoOf(fh.at(FH.createdOn)) ?? '',
      software: fh.at(FH.software),
      tan: fh.at(FH.tan),
      pan: bh.at(BH.pan),
      financialYear,
      quarter,
      deductor: {
        ...address('deductor'),
        name: bh.at(BH.name),
        branch: bh.at(BH.branch),
        type: bh.at(BH.deductorType),
        ...(GOVERNMENT_FIELDS.some((k) => bh.at(BH[k]) !== '')
          ? {
              government: Object.fromEntries(GOVERNMENT_FIELDS.map((k) => [k, bh.at(BH[k])])) as Record<
                (typeof GOVERNMENT_FIELDS)[number],
                string
              >,
            }
          : {}),
      },
      responsible: {
        ...address('responsible'),
        name: bh.at(BH.responsibleName),
        designation: bh.at(BH.responsibleDesignation),
        mobile: bh.at(BH.responsibleMobile),
        pan: bh.at(BH.responsiblePan),
      },
      challans,
    },
    errors,
  };
};
