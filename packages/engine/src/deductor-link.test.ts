import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookRow, TaxBookRow } from './input-types.ts';
import type { ReconcileResult } from './result-types.ts';
import { ALPHA, credit, run, sale } from './test-helpers.ts';

// A customer the master does not know, booked by name only.
const nameOnly = (voucher: string, name: string, date = '2024-04-10'): BookRow =>
  sale(voucher, date, 1000, 100, { tan: null, partyName: name });
const deductor = (ref: string, tan: string, name: string, date = '2024-04-12'): TaxBookRow =>
  credit(ref, date, 1000, 100, { tan, name });

const outline = (r: ReconcileResult) => ({
  parties: r.parties.map((p) => ({
    key: p.key,
    inMaster: p.inMaster,
    category: p.category,
    book: p.book.map((e) => `${e.row.voucherNo}:${e.resolvedBy}`).sort(),
    taxBook: p.taxBook.map((e) => `${e.row.ref}:${e.resolvedBy}`).sort(),
  })),
  unresolved: r.unresolved.map((u) => `${u.side}:${u.ref}:${u.code}`),
});

describe('name-only book customers resolved against 26AS deductor names', () => {
  it('links a legal-form variant to the deductor and reconciles its TDS', () => {
    const r = run(
      [nameOnly('INV1', 'Zeta Inds. P. Ltd.')],
      [deductor('a.txt:1', 'BLRZ00005Z', 'ZETA INDUSTRIES PRIVATE LIMITED')],
    );
    expect(outline(r)).toEqual({
      parties: [
        {
          key: 'TAN:BLRZ00005Z',
          inMaster: false,
          category: 'fullMatches',
          book: ['INV1:deductor-name'],
          taxBook: ['a.txt:1:tan-only'],
        },
      ],
      unresolved: [],
    });
    expect(r.warnings).toContainEqual({
      code: 'NAME_LINKED_TO_DEDUCTOR',
      message:
        'customer "Zeta Inds. P. Ltd." (no TAN, PAN or GSTIN, not in the master) was linked by name to the 26AS deductor "ZETA INDUSTRIES PRIVATE LIMITED" (TAN BLRZ00005Z)',
    });
  });

  it('joins the master party whose TAN the deductor uses when only the 26AS name matches', () => {
    const master = [{ ...ALPHA, name: 'Alpha (Pune) Account' }];
    const r = run(
      [nameOnly('INV1', 'Alpha Customer Ltd')],
      [deductor('a.txt:1', ALPHA.tan!, 'ALPHA CUSTOMER LIMITED')],
      {},
      { parties: master },
    );
    expect(outline(r).parties).toEqual([
      {
        key: 'C001',
        inMaster: true,
        category: 'fullMatches',
        book: ['INV1:deductor-name'],
        taxBook: ['a.txt:1:tan'],
      },
    ]);
  });

  it('never guesses between two deductors of the same name', () => {
    const r = run(
      [nameOnly('INV1', 'Shree Ganesh Enterprises')],
      [
        deductor('a.txt:1', 'NSKS00004S', 'SHREE GANESH ENTERPRISES'),
        deductor('a.txt:2', 'IDRS00005S', 'SHREE GANESH ENTERPRISES'),
      ],
    );
    expect(r.parties).toEqual([]);
    const book = r.unresolved.find((u) => u.side === 'book')!;
    expect(book.code).toBe('AMBIGUOUS');
    expect(book.reason).toContain(
      'the name fits several 26AS deductors equally ("SHREE GANESH ENTERPRISES" (TAN IDRS00005S) and "SHREE GANESH ENTERPRISES" (TAN NSKS00004S)): not guessed',
    );
    expect(r.warnings.map((w) => w.code)).toContain('NAME_TIE');
  });

  it('lists a near miss for review and leaves the row unresolved', () => {
    const r = run(
      [nameOnly('INV1', 'Pinacle Edu-Tech Pvt. Ltd.')],
      [deductor('a.txt:1', 'DELP00006P', 'PINNACLE EDUTECH PRIVATE LIMITED')],
    );
    expect(outline(r)).toEqual({
      parties: [],
      unresolved: ['book:INV1:NOT_IN_MASTER', 'taxBook:a.txt:1:NOT_IN_MASTER'],
    });
    expect(r.unresolved[0]!.reason).toMatch(
      /26AS deductor names close to it but not clearly the same company: "PINNACLE EDUTECH PRIVATE LIMITED" \(TAN DELP00006P\) 0\.\d\d/,
    );
    expect(r.warnings.map((w) => w.code)).toContain('NAME_NEAR_MISS');
  });

  it('leaves a row with a TAN or PAN to the identifier rules', () => {
    const r = run(
      [
        sale('INV1', '2024-04-10', 1000, 100, {
          tan: null,
          pan: 'AAACZ9999Z',
          partyName: 'Zeta Industries Pvt Ltd',
        }),
      ],
      [deductor('a.txt:1', 'BLRZ00005Z', 'ZETA INDUSTRIES PRIVATE LIMITED')],
    );
    expect(outline(r).unresolved).toEqual(['book:INV1:NOT_IN_MASTER', 'taxBook:a.txt:1:NOT_IN_MASTER']);
  });

  it('links in the per-TAN mode too, where the fuzzy score alone is not enough', () => {
    const r = run(
      [nameOnly('INV1', 'Zeta Inds. P. Ltd.')],
      [deductor('a.txt:1', 'BLRZ00005Z', 'ZETA INDUSTRIES PRIVATE LIMITED')],
      { unknownParties: 'byTan' },
      { parties: [] },
    );
    expect(outline(r).parties.map((p) => [p.key, p.book])).toEqual([
      ['TAN:BLRZ00005Z', ['INV1:deductor-name']],
    ]);
  });

  it('does not depend on the order of the rows', () => {
    const book = [
      nameOnly('INV1', 'Zeta Inds. P. Ltd.'),
      nameOnly('INV2', 'Zeta Industries Private Limited', '2024-05-10'),
      nameOnly('INV3', 'Shree Ganesh Enterprises'),
      nameOnly('INV4', 'Pinacle Edutech Pvt Ltd'),
      nameOnly('INV5', 'Omega Logistics'),
    ];
    const taxBook = [
      deductor('a.txt:1', 'BLRZ00005Z', 'ZETA INDUSTRIES PRIVATE LIMITED'),
      deductor('a.txt:2', 'BLRZ00005Z', 'ZETA INDUSTRIES PVT LTD', '2024-05-12'),
      deductor('a.txt:3', 'NSKS00004S', 'SHREE GANESH ENTERPRISES'),
      deductor('a.txt:4', 'IDRS00005S', 'SHREE GANESH ENTERPRISES'),
      deductor('a.txt:5', 'DELP00006P', 'PINNACLE EDUTECH PRIVATE LIMITED'),
    ];
    const expected = outline(run(book, taxBook));
    expect(expected.parties.map((p) => p.key)).toEqual(['TAN:BLRZ00005Z']);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(book, { minLength: 5 }),
        fc.shuffledSubarray(taxBook, { minLength: 5 }),
        (b, t) => {
          const r = run(b, t);
          expect(outline(r)).toEqual(expected);
          expect(r.parties[0]!.name).toBe('ZETA INDUSTRIES PRIVATE LIMITED');
        },
      ),
      { numRuns: 50 },
    );
  });
});
