import { bookEntryRefusal } from '@taxrecon/contracts';
import {
  type Fvu26qChallan,
  type Fvu26qReturn,
  formNumberOf,
  nilChallan,
  returnSectionCode,
  write26qFvu,
} from '@taxrecon/formats';
import {
  formatInr,
  isExemptionReason,
  isGovernmentDeductor,
  isValidPan,
  PAN_NOT_REQUIRED,
  type Paise,
  paise,
  paiseOfNumeric,
} from '@taxrecon/shared';
import type { AppContext } from '../../platform/context.ts';
import { type Caller, entityOf } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import {
  type DeducteeRow,
  type QuarterChallan,
  quarterChallanRows,
  quarterRows,
} from '../challans/allocation.ts';

import { governmentOf, returnDeductor } from './deductor.ts';
import { type NoDeductionRow, noDeductionRows } from './no-deduction.ts';
import { type Quarter, quarterMonths, yearAndQuarter } from './quarter.ts';

// The quarter's 26Q as the FVU text file (packages/formats returns/fvu-26q.ts
// has the layout and its sources): one CD record per challan of the quarter
// that pays deductee rows, each followed by the DD records of the rows
// allocated to it, then the nil challan with the rows that had nothing
// deducted and a reason for it (no-deduction.ts). Refuses (422, every problem
// listed) rather than write a file the FVU would reject or, worse, accept
// with rows missing.

const MAX_LISTED = 20;

// numeric(7,4) percent text -> ten-thousandths of a percent ('2.0000' -> 20000)
const rateUnits = (text: string | null): number => {
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(text ?? '');
  return m ? Number(m[1]) * 10000 + Number((m[2] ?? '').padEnd(4, '0')) : 0;
};

// The challan minor head as ITNS 281 has it: 200 is TDS payable by the
// deductor, 400 on regular assessment. The app's challans default to '300'
// (spec part 3), which stands for the ordinary payment: written as 200.
const minorHeadOf = (stored: string) => (stored === '400' ? '400' : '200');

const today = () => new Date().toISOString().slice(0, 10);

// Transfer vouchers (deposit by book entry) the file cannot carry: a deductor
// that is no longer a government one (its type changed after the voucher was
// entered), or a Form 140 year, whose layout has no known place for one
// (docs/decisions.md sessions 40 and 41).
const voucherProblems = (
  used: QuarterChallan[],
  fy: string,
  deductorType: string | null,
): { path: string; message: string }[] =>
  used
    .filter((c) => c.deposit_mode === 'book_entry')
    .flatMap((c) => {
      const name = `Transfer voucher 24G ${c.bsr_code} / DDO ${c.challan_serial_number} of ${c.date_of_deposit}`;
      const refusal = deductorType === null ? null : bookEntryRefusal(deductorType);
      if (refusal) return [{ path: `challans.${c.id}`, message: `${name}: ${refusal}` }];
      if (formNumberOf(fy) !== '26Q')
        return [
          {
            path: `challans.${c.id}`,
            message: `${name}: the Form 140 file of ${fy} has no known place for a deposit by book entry; no source gives its positions.`,
          },
        ];
      return [];
    });

// Annexure 6's reason for a lower or higher deduction, from why the 34A run
// chose the rate: A, a lower deduction certificate (section 197), with its
// number; C, the higher rate for a missing, invalid or inoperative PAN (206AA).
const remarkOf = (r: DeducteeRow): { remark: string; certificate?: string } =>
  r.rate_basis?.startsWith('LDC') && r.certificate_number
    ? { remark: 'A', certificate: r.certificate_number }
    : r.rate_basis === '206AA'
      ? { remark: 'C' }
      : { remark: '' };

type Deductee = Fvu26qChallan['deductees'][number];

// Tax shared between two parts in proportion to what each was due, to the
// paisa, half up; the second part takes the rest so the two add up exactly.
const shareOf = (total: Paise, first: bigint, second: bigint): Paise => {
  const all = first + second;
  if (all <= 0n) return 0 as Paise;
  return Number((2n * BigInt(total) * first + all) / (2n * all)) as Paise;
};

// One deductee record per 34A row, or two for a row only partly under a lower
// deduction certificate (LDC+normal): the part up to the certificate's limit
// at its rate with remark A, the rest at the normal rate without a remark. A
// single record would state one rate for two and no certificate for the part
// that had one; the tax deducted is shared in proportion to each part's due.
const deducteeRecords = (fy: string, r: DeducteeRow): Deductee[] => {
  const p = (text: string): Paise => paiseOfNumeric(text);
  const base: Deductee = {
    pan: r.pan && isValidPan(r.pan) ? r.pan : 'PANNOTAVBL',
    name: (r.vendor_name ?? '').slice(0, 75),
    deducteeCode: r.deductee_type === 'company' ? '01' : '02',
    section: returnSectionCode(fy, r.section, r.payment_code),
    paidOn: r.document_date ?? `${r.month}-01`,
    amountPaid: p(r.base),
    deducted: p(r.deducted),
    deposited: p(r.deducted),
    deductedOn: r.document_date ?? `${r.month}-01`,
    rate: rateUnits(r.rate),
    ...remarkOf(r),
  };
  if (r.rate_basis !== 'LDC+normal' || r.ldc_taxable === null || r.normal_rate === null) return [base];
  const ldcPart = p(r.ldc_taxable);
  const ldcDue = BigInt(ldcPart) * BigInt(rateUnits(r.rate));
  const normalDue = BigInt(p(r.taxable) - ldcPart) * BigInt(rateUnits(r.normal_rate));
  const ldcTax = shareOf(base.deducted, ldcDue, normalDue);
  const normalTax = (base.deducted - ldcTax) as Paise;
  return [
    { ...base, amountPaid: ldcPart, deducted: ldcTax, deposited: ldcTax },
    {
      ...base,
      amountPaid: (base.amountPaid - ldcPart) as Paise,
      deducted: normalTax,
      deposited: normalTax,
      rate: rateUnits(r.normal_rate),
      remark: '',
      certificate: undefined,
    },
  ];
};

// A row with nothing deducted: nothing deposited, no date of deduction, and
// Annexure 6's reason (Y below the threshold, rate 0; A a nil-rate
// certificate, at its rate, with its number; B, T or Z, exempt by a vendor
// mapping that says why, rate 0). Every such reason needs the deductee's PAN:
// a row without a valid one cannot be reported this way.
const remarkOfNoDeduction = (r: NoDeductionRow): string | null => {
  if (r.status === 'belowThreshold') return 'Y';
  if (r.status === 'exempt') return isExemptionReason(r.exempt_reason) ? r.exempt_reason : null;
  return r.certificate_number ? 'A' : null;
};
const noDeductionRecord = (fy: string, r: NoDeductionRow): Deductee | null => {
  const remark = remarkOfNoDeduction(r);
  if (remark === null || !r.pan || !isValidPan(r.pan)) return null;
  return {
    pan: r.pan,
    name: (r.vendor_name ?? '').slice(0, 75),
    deducteeCode: r.deductee_type === 'company' ? '01' : '02',
    section: returnSectionCode(fy, r.section, r.payment_code),
    paidOn: r.document_date ?? `${r.month}-01`,
    amountPaid: paiseOfNumeric(r.base),
    deducted: paise(0),
    deposited: paise(0),
    deductedOn: '',
    rate: remark === 'A' ? rateUnits(r.rate) : 0,
    remark,
    ...(remark === 'A' ? { certificate: r.certificate_number! } : {}),
  };
};

export const prepare26q = async (
  ctx: AppContext,
  caller: Caller,
  fyText: string,
  quarterText: string,
): Promise<{ text: string; fileName: string }> => {
  const entityId = entityOf(caller);
  const { fy, quarter } = yearAndQuarter(fyText, quarterText);
  const months = quarterMonths(fy, quarter);
  const problems: { path: string; message: string }[] = [];
  const { deductor, pan: entityPan } = await returnDeductor(ctx, entityId);
  if (!deductor)
    problems.push({
      path: 'deductor',
      message:
        "The deductor's TAN, address and responsible person are missing: fill in Deductor details for the return.",
    });
  // the deductor details' PAN, else the entity's; PANNOTREQD for government
  const pan = deductor?.pan || entityPan;
  const panProblem =
    pan === PAN_NOT_REQUIRED
      ? isGovernmentDeductor(deductor?.deductorType ?? '')
        ? null
        : `PANNOTREQD is only for a government deductor; deductor type ${deductor?.deductorType ?? 'K'} needs a valid PAN.`
      : !pan || !isValidPan(pan)
        ? "The entity has no valid PAN: the return carries it as the deductor's. Give it on the entity or in Deductor details (PANNOTREQD for a government deductor)."
        : null;
  if (panProblem) problems.push({ path: 'deductor.pan', message: panProblem });

  const rows = await quarterRows(ctx.database.pool, entityId, fy, months);
  const challans = await quarterChallanRows(ctx.database.pool, entityId, months);
  const nilRows = (await noDeductionRows(ctx.database.pool, entityId, fy, months)).flatMap((r) => {
    const record = noDeductionRecord(fy, r);
    return record ? [record] : [];
  });
  if (rows.length === 0 && nilRows.length === 0)
    problems.push({
      path: 'rows',
      message: `The books have no deductee rows in ${fy} ${quarter}, with tax deducted or below the threshold: run the 34A reconciliation for its months first.`,
    });
  const unallocated = rows.filter((r) => !r.challan_id);
  for (const r of unallocated.slice(0, MAX_LISTED))
    problems.push({
      path: `rows.${r.entry_id}`,
      message: `Row ${r.ref} (${r.vendor_name ?? r.pan ?? 'no vendor'}, section ${r.section}, ${r.month}, tax ${formatInr(paiseOfNumeric(r.deducted))}) is not allocated to a challan.`,
    });
  if (unallocated.length > MAX_LISTED)
    problems.push({
      path: 'rows',
      message: `${unallocated.length - MAX_LISTED} more rows are not allocated to a challan.`,
    });

  const byChallan = new Map<string, DeducteeRow[]>();
  for (const r of rows)
    if (r.challan_id) byChallan.set(r.challan_id, [...(byChallan.get(r.challan_id) ?? []), r]);
  const used = challans.filter((c) => byChallan.has(c.id));
  for (const c of used)
    if (!/^\d{1,5}$/.test(c.challan_serial_number))
      problems.push({
        path: `challans.${c.id}`,
        message: `Challan ${c.bsr_code}/${c.challan_serial_number} of ${c.date_of_deposit}: the challan serial number must be digits (at most 5).`,
      });
  problems.push(...voucherProblems(used, fy, deductor?.deductorType ?? null));
  if (problems.length > 0)
    throw new HttpError(
      422,
      'RETURN_INCOMPLETE',
      `The 26Q for ${fy} ${quarter} cannot be prepared yet: ${problems.length} ${problems.length === 1 ? 'thing is' : 'things are'} missing.`,
      problems,
    );

  const d = deductor!;
  const p = (text: string): Paise => paiseOfNumeric(text);
  const fvuChallans: Fvu26qChallan[] = used.map((c) => ({
    // a transfer voucher: the Form 24G receipt number at CD 16 (bsr_code), its
    // DDO serial number at CD 14, no bank challan number and no minor head
    bsrCode: c.bsr_code,
    serial: c.deposit_mode === 'book_entry' ? '' : c.challan_serial_number.padStart(5, '0'),
    ...(c.deposit_mode === 'book_entry'
      ? { transferVoucher: { ddoSerial: c.challan_serial_number.padStart(5, '0') } }
      : {}),
    depositedOn: c.date_of_deposit,
    tax: p(c.tax_amount),
    surcharge: p(c.surcharge),
    cess: p(c.education_cess),
    interest: p(c.interest),
    fee: p(c.fee),
    penalty: p(c.penalty),
    others: p(c.others),
    minorHead: c.deposit_mode === 'book_entry' ? '' : minorHeadOf(c.minor_head),
    deductees: (byChallan.get(c.id) ?? []).flatMap((r) => deducteeRecords(fy, r)),
  }));
  // The rows with nothing deducted under one nil challan, after the paid ones
  // (docs/decisions.md session 39): the FVU's way to report them, and no bank
  // challan's deposit is claimed by a row that paid nothing.
  if (nilRows.length > 0) fvuChallans.push(nilChallan(fy, quarter as Quarter, nilRows));
  const address = {
    address1: d.address1,
    address2: d.address2,
    address3: d.city,
    address4: '',
    address5: '',
    state: d.stateCode,
    pin: d.pin,
    email: d.email,
    std: '',
    phone: d.phone ?? '',
  };
  const statement: Fvu26qReturn = {
    createdOn: today(),
    software: 'TAXRECON',
    tan: d.tan,
    pan: pan!,
    financialYear: fy,
    quarter: quarter as Quarter,
    deductor: {
      ...address,
      name: d.name,
      branch: d.branch ?? '',
      type: d.deductorType ?? 'K',
      ...(isGovernmentDeductor(d.deductorType) ? { government: governmentOf(d) } : {}),
    },
    responsible: {
      ...address,
      name: d.responsibleName,
      designation: d.responsibleDesignation,
      mobile: d.responsibleMobile,
      pan: d.responsiblePan,
    },
    challans: fvuChallans,
  };
  return { text: write26qFvu(statement), fileName: `26Q-${d.tan}-${fy}-${quarter}.txt` };
};
