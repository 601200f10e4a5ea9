import type { LedgerEntry, PayableResult } from '@taxrecon/engine';
import { numericOfPaise } from '@taxrecon/shared';
import { copyField } from '../../reconciliation/matching/copy-text.ts';
import { sectionParts } from './section-parts.ts';

// A 34A run's entries as COPY text for payable_entries, in UTF-8 chunks.
// A big year writes ten lakh entries a run, and a profile of the job found
// its thread, not PostgreSQL, the bound: joining the lines into megabyte
// strings (two-byte strings, for every reason holds "₹") cost more than
// building them, and a regular-expression test of every field more than
// that. So each line goes straight into a chunk's bytes, and only the fields
// that can hold a user's text are tested for COPY's escapes; numbers, flags,
// dates and months are written as they are.

export const ENTRY_COLUMNS = [
  'entity_id',
  'financial_year',
  'job_id',
  'file',
  'line',
  'ref',
  'document_date',
  'month',
  'recognised_month',
  'vendor_code',
  'pan',
  'tan',
  'section',
  'section_number',
  'sub_section',
  'section_source',
  'payment_code',
  'return_form',
  'deductee_type',
  'base',
  'taxable',
  'rate',
  'rate_basis',
  'liable',
  'due',
  'deducted',
  'deposited',
  'interest',
  'status',
  'error_code',
  'reason',
  'gl_code',
  'description',
  'ldc_taxable',
  'normal_rate',
  'exempt_reason',
] as const;

const NULL = '\\N';
const orNull = (value: string | null | undefined): string =>
  value === null || value === undefined ? NULL : value;

// A section's three columns (section, number, clause), worked out once per section.
const sectionColumns = () => {
  const known = new Map<string | null, string>();
  return (section: string | null): string => {
    let columns = known.get(section);
    if (columns === undefined) {
      const s = sectionParts(section);
      columns = `${copyField(section)}\t${copyField(s.number)}\t${copyField(s.sub)}`;
      known.set(section, columns);
    }
    return columns;
  };
};

// One entry's line, the columns in ENTRY_COLUMNS's order; `prefix` holds the
// first three (entity, year, job) and their tab.
export function* entryCopyLines(
  result: PayableResult,
  entries: readonly LedgerEntry[],
  scope: { entityId: string; financialYear: string; jobId: string },
  keep: (month: string | null) => boolean,
): Generator<string> {
  const prefix = `${copyField(scope.entityId)}\t${copyField(scope.financialYear)}\t${copyField(scope.jobId)}\t`;
  const section = sectionColumns();
  for (const r of result.entries) {
    if (!keep(r.month)) continue;
    const entry = entries[r.index];
    yield `${prefix}${copyField(r.file)}\t${r.line}\t${copyField(r.ref)}\t${orNull(r.documentDate)}\t${orNull(
      r.month,
    )}\t${orNull(r.recognisedMonth)}\t${copyField(r.vendorCode)}\t${copyField(r.pan)}\t${copyField(
      entry?.tanNumber || null,
    )}\t${section(r.section)}\t${copyField(r.sectionSource)}\t${copyField(r.paymentCode)}\t${copyField(
      r.returnForm,
    )}\t${copyField(r.deducteeType)}\t${numericOfPaise(r.base)}\t${numericOfPaise(r.taxableBase)}\t${
      r.rate === null ? NULL : r.rate
    }\t${copyField(r.rateBasis)}\t${r.liable ? 't' : 'f'}\t${numericOfPaise(r.due)}\t${numericOfPaise(
      r.deducted,
    )}\t${r.deposited ? 't' : 'f'}\t${numericOfPaise(
      r.interestLateDeduction + r.interestLateDeposit,
    )}\t${copyField(r.status)}\t${copyField(r.errorCode)}\t${copyField(r.reason)}\t${copyField(
      entry?.glCode ?? null,
    )}\t${copyField(entry?.documentDescription ?? null)}\t${
      r.ldcTaxable === null ? NULL : numericOfPaise(r.ldcTaxable)
    }\t${r.normalRate === null ? NULL : r.normalRate}\t${orNull(r.exemptReason)}\n`;
  }
}

// Lines into UTF-8 chunks of about `bytes`, each a buffer of its own (the
// COPY stream may still hold the last one when the next is filled).
export function* utf8Chunks(lines: Iterable<string>, bytes = 1 << 20): Generator<Uint8Array> {
  let chunk = Buffer.allocUnsafe(bytes);
  let at = 0;
  for (const line of lines) {
    // a UTF-16 code unit is at most three bytes of UTF-8
    if (at + line.length * 3 > bytes) {
      if (at > 0) yield chunk.subarray(0, at);
      chunk = Buffer.allocUnsafe(bytes);
      at = 0;
      if (line.length * 3 > bytes) {
        yield Buffer.from(line, 'utf8');
        continue;
      }
    }
    at += chunk.write(line, at, 'utf8');
  }
  if (at > 0) yield chunk.subarray(0, at);
}
