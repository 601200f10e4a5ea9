import type { LedgerEntry, PayableEntryResult, PayableResult } from '@taxrecon/engine';
import { numericOfPaise, type Paise } from '@taxrecon/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyRow, parseCopyText } from '../../reconciliation/matching/copy-text.ts';
import { ENTRY_COLUMNS, entryCopyLines, utf8Chunks } from './entry-copy.ts';
import { sectionParts } from './section-parts.ts';

// The lean line builder must write what copyRow wrote for the same entry,
// field for field, whatever text a ledger brings (tabs, line breaks,
// backslashes, "₹"), and the chunks must hold exactly the lines' UTF-8.

const scope = { entityId: '7d0e5a4c-3f1b-4a51-9c1e-2b8f0d6a9e11', financialYear: '2024-25', jobId: 'job-1' };

// the fields as the job wrote them before, through copyRow
const reference = (r: PayableEntryResult, e: LedgerEntry | undefined): string => {
  const s = sectionParts(r.section);
  return copyRow([
    scope.entityId,
    scope.financialYear,
    scope.jobId,
    r.file,
    r.line,
    r.ref,
    r.documentDate,
    r.month,
    r.recognisedMonth,
    r.vendorCode,
    r.pan,
    e?.tanNumber || null,
    r.section,
    s.number,
    s.sub,
    r.sectionSource,
    r.paymentCode,
    r.returnForm,
    r.deducteeType,
    numericOfPaise(r.base),
    numericOfPaise(r.taxableBase),
    r.rate,
    r.rateBasis,
    r.liable,
    numericOfPaise(r.due),
    numericOfPaise(r.deducted),
    r.deposited,
    numericOfPaise(r.interestLateDeduction + r.interestLateDeposit),
    r.status,
    r.errorCode,
    r.reason,
    e?.glCode ?? null,
    e?.documentDescription ?? null,
    r.ldcTaxable === null ? null : numericOfPaise(r.ldcTaxable),
    r.normalRate,
    r.exemptReason,
  ]);
};

const text = fc.string({ unit: fc.constantFrom('a', 'Z', '9', ' ', '\t', '\n', '\r', '\\', '₹', 'é', '/') });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const paise = fc.integer({ min: -1e11, max: 1e11 }).map((n) => n as Paise);

const resultArb = fc.record({
  ref: text,
  file: text,
  line: fc.nat(),
  documentDate: maybe(fc.constantFrom('2024-04-05', '2025-03-31')),
  month: maybe(fc.constantFrom('2024-04', '2025-03')),
  recognisedMonth: maybe(fc.constantFrom('2024-06')),
  vendorCode: maybe(text),
  pan: maybe(text),
  section: maybe(fc.constantFrom('194C', '194J(b)', '194Q', '194I(a)', 'odd\tone')),
  sectionSource: maybe(fc.constantFrom('vendor', 'expense')),
  paymentCode: maybe(fc.constantFrom('1023', '1027')),
  returnForm: maybe(fc.constantFrom('26Q', '27Q')),
  deducteeType: maybe(fc.constantFrom('company', 'others')),
  base: paise,
  taxableBase: paise,
  rate: maybe(fc.constantFrom(0.1, 1, 2, 7.5, 10, 20)),
  rateBasis: maybe(fc.constantFrom('normal', '206AA', 'LDC', 'LDC+normal')),
  ldcTaxable: maybe(paise),
  normalRate: maybe(fc.constantFrom(1, 2, 10)),
  exemptReason: maybe(fc.constantFrom('B', 'T', 'Z')),
  liable: fc.boolean(),
  due: paise,
  deducted: paise,
  deposited: fc.boolean(),
  interestLateDeduction: paise,
  interestLateDeposit: paise,
  status: fc.constantFrom('OK', 'Short', 'Not deducted'),
  errorCode: maybe(fc.constantFrom('GL_UNMAPPED')),
  reason: text,
  ledger: fc.record({ tanNumber: maybe(text), glCode: maybe(text), documentDescription: maybe(text) }),
});

describe('payable entries as COPY text', () => {
  it('writes each entry as copyRow did, and only the months kept', () => {
    fc.assert(
      fc.property(fc.array(resultArb, { maxLength: 20 }), (drawn) => {
        const entries = drawn.map((d) => d.ledger as unknown as LedgerEntry);
        const results = drawn.map(
          ({ ledger: _, ...r }, index) => ({ ...r, index }) as unknown as PayableEntryResult,
        );
        const result = { entries: results } as unknown as PayableResult;
        const keep = (month: string | null) => month !== '2025-03';
        const lines = [...entryCopyLines(result, entries, scope, keep)];
        const expected = results.filter((r) => keep(r.month)).map((r) => reference(r, entries[r.index]));
        expect(lines).toEqual(expected);
        for (const row of parseCopyText(lines.join(''))) expect(row).toHaveLength(ENTRY_COLUMNS.length);
      }),
    );
  });

  it('puts whole lines into chunks of their UTF-8, a line longer than a chunk on its own', () => {
    fc.assert(
      fc.property(fc.array(text.map((t) => `${t}\n`)), fc.integer({ min: 4, max: 64 }), (lines, bytes) => {
        const chunks = [...utf8Chunks(lines, bytes)];
        expect(Buffer.concat(chunks).toString('utf8')).toBe(lines.join(''));
        for (const c of chunks) {
          expect(c.length).toBeGreaterThan(0);
          // every chunk ends a line: each can be a COPY of its own
          expect(c[c.length - 1]).toBe(0x0a);
        }
      }),
    );
  });
});
