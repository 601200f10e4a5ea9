import type { BookRow, PartyMaster } from '@taxrecon/engine';
import type { Form26asParty, Form26asTransaction } from '@taxrecon/formats';
import { numericOfPaise, type Paise } from '@taxrecon/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyText } from './copy-text.ts';
import { taxBookLineWriter } from './engine-input.ts';
import {
  isPlainRow,
  isPlainRowOf,
  type KeyedLines,
  KeyedLineWriter,
  keyedText,
  NOT_PLAIN,
  SAME_IDENTITY,
} from './keyed-lines.ts';
import { PartyStreamedComputation } from './party-streamed-compute.ts';
import { addBookRowLine, bookRowLine } from './source-rows.ts';
import { testRequest } from './streamed-request.test-helper.ts';

// The parsing threads hand their row lines over with where each line's
// identity stands and whether it is surely valid (keyed-lines.ts), so the
// computation does not scan every line again. That must change nothing: the
// plan, the buckets and every line of the result are the same as from the
// plain lines, whatever the rows hold (names with tabs and backslashes, bad
// dates, amounts too big to be plain, rows of one party in a run or apart).

const text = fc.string({ unit: fc.constantFrom('a', 'B', ' ', '\t', '\\', '\n', 'N', '₹', '-') });
// a handful of parties, so identities repeat within a piece and across pieces
const who = fc.record({
  name: fc.oneof(fc.constantFrom('Acme Ltd', 'ACME LTD', 'Beta\tTraders', 'Gamma \\ Co'), text),
  tan: fc.oneof(fc.constantFrom('PNEA10001A', 'PNEA10002A', 'DELO00009Q'), fc.constant(null), text),
  pan: fc.option(fc.constantFrom('AAACA1234A', 'AAACB1234B'), { nil: null }),
});
const amount = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }) },
  // at and past the edge of a plain amount (13 digits of rupees)
  { weight: 1, arbitrary: fc.constantFrom(1e15 - 1, 1e15, -1e15 + 1, -1e15, Number.MAX_SAFE_INTEGER) },
);
const date = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('2024-04-01', '2024-09-15', '2025-03-31', '2025-02-28') },
  { weight: 1, arbitrary: fc.constantFrom('2025-02-30', '', 'not a date', '2024-13-01') },
);
const bookRow: fc.Arbitrary<BookRow> = fc
  .record({ who, voucher: text, date, amount, tax: amount, section: fc.option(text, { nil: null }) })
  .map((r) => ({
    voucherNo: r.voucher,
    date: r.date,
    partyName: r.who.name,
    customerCode: null,
    tan: r.who.tan,
    pan: r.who.pan,
    gstin: null,
    amount: r.amount as Paise,
    tax: r.tax as Paise,
    section: r.section,
  }));
const transaction = fc.record({
  date,
  amount,
  tax: amount,
  deposited: amount,
  remarks: fc.option(text, { nil: null }),
  line: fc.nat({ max: 99_999 }),
});

const masters: PartyMaster[] = [
  { code: 'A', name: 'Acme Ltd', tan: 'PNEA10001A', pan: 'AAACA1234A' },
  { code: 'B', name: 'Beta Traders', tan: 'PNEA10002A' },
];

// A statement's rows as the parser gives them: a party, then its transactions.
interface Tx {
  date: string;
  amount: number;
  tax: number;
  deposited: number;
  remarks: string | null;
  line: number;
}
const statementRows = (runs: { who: { name: string; tan: string | null }; txs: Tx[] }[]) => {
  const rows: [Form26asParty, Form26asTransaction][] = [];
  for (const run of runs) {
    const party = { srNo: 1, name: run.who.name, tan: run.who.tan ?? '', line: 1 } as Form26asParty;
    for (const t of run.txs) {
      rows.push([
        party,
        {
          srNo: 1,
          section: '194J',
          transactionDate: t.date,
          status: 'F',
          bookingDate: '2024-07-20',
          remarks: t.remarks,
          amount: t.amount as Paise,
          tax: t.tax as Paise,
          deposited: t.deposited as Paise,
          file: '26as.txt',
          line: t.line,
        } as Form26asTransaction,
      ]);
    }
  }
  return rows;
};

const drain = async (c: PartyStreamedComputation) => {
  const summary = c.compute(() => {});
  const out: string[] = [];
  for (;;) {
    const batch = await c.nextBatch();
    out.push(batch.partyChunks.join(''), copyText(batch.rowChunks), batch.unresolvedChunks.join(''));
    if (batch.last)
      return { summary: { ...summary, timings: {} }, stats: batch.summary?.stats, out: out.join('') };
  }
};

const request = testRequest(
  masters,
  { jobId: '00000000-0000-4000-8000-000000000011', entityId: '00000000-0000-4000-8000-000000000012' },
  1,
);

describe('row lines with their identities', () => {
  it('calls an amount plain from its paise only when its text is plain', () => {
    let plain = 0;
    fc.assert(
      fc.property(date, amount, amount, fc.option(amount, { nil: null }), (d, a, t, dep) => {
        if (!isPlainRowOf(d, a, t, dep)) return;
        plain++;
        expect(
          isPlainRow(d, numericOfPaise(a), numericOfPaise(t), dep === null ? null : numericOfPaise(dep)),
        ).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(plain).toBeGreaterThan(500);
    expect(isPlainRowOf('2024-04-01', 1e15, 0, null)).toBe(false);
    expect(isPlainRowOf('2024-04-01', 1e15 - 1, 0, null)).toBe(true);
    expect(isPlainRowOf('2025-02-30', 100, 0, null)).toBe(false);
  });

  it('says where each identity stands, and the same lines as written one by one', () => {
    fc.assert(
      fc.property(fc.array(bookRow, { maxLength: 30 }), (rows) => {
        const w = new KeyedLineWriter();
        for (const r of rows) addBookRowLine(r, w.add);
        const k = w.finish();
        const all = keyedText(k);
        expect(all).toBe(rows.map((r) => `${bookRowLine(r)}\n`).join(''));
        rows.forEach((_, i) => {
          const from = k.keys[2 * i]!;
          // a book row's identity: fields 4 to 8 (name, code, TAN, PAN, GSTIN)
          const line = all.slice(k.starts[i], k.starts[i + 1]! - 1);
          const fields = line.split('\t');
          expect(from).not.toBe(SAME_IDENTITY);
          if (from === NOT_PLAIN) {
            expect(isPlainRow(fields[2]!, fields[13]!, fields[14]!, null)).toBe(false);
            return;
          }
          expect(all.slice(from, k.keys[2 * i + 1])).toBe(fields.slice(3, 8).join('\t'));
        });
      }),
      { numRuns: 300 },
    );
  });

  // The writer joins lines a block at a time into bytes it grows as it goes,
  // and turns to text from the first line that is not ASCII: many blocks, a
  // bigger buffer than its first, and a line not ASCII anywhere or nowhere.
  it('gives the same lines across many blocks, as bytes only when all are ASCII', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.option(fc.nat({ max: 2999 }), { nil: null }),
        (count, odd) => {
          const w = new KeyedLineWriter();
          const lines: string[] = [];
          for (let i = 0; i < count; i++) {
            const name = i === odd ? `Ganesh ₹ Traders ${i}` : `Acme Traders Private Limited ${i}`;
            const line = `\\N\tV-${i}\t2024-05-01\t${name.padEnd(40, 'x')}\t\\N\n`;
            lines.push(line);
            w.add(line, 3, 2, true, false);
          }
          const k = w.finish();
          const ascii = odd === null || odd >= count;
          expect(k.bytes === null).toBe(!ascii);
          expect(keyedText(k)).toBe(lines.join(''));
          expect(k.starts.length).toBe(count + 1);
          expect(k.starts[count]).toBe(lines.join('').length);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("says a statement row's identity is the line before's only when it is", () => {
    let same = 0;
    fc.assert(
      fc.property(
        fc.array(fc.record({ who, txs: fc.array(transaction, { minLength: 1, maxLength: 5 }) }), {
          maxLength: 8,
        }),
        (runs) => {
          const rows = statementRows(runs);
          const w = new KeyedLineWriter();
          const line = taxBookLineWriter(w.add);
          for (const [p, t] of rows) line(p, t);
          const k = w.finish();
          const all = keyedText(k);
          let before: string | null = null;
          rows.forEach((_, i) => {
            const fields = all.slice(k.starts[i], k.starts[i + 1]! - 1).split('\t');
            // a 26AS row's identity: fields 4 to 6 (name, code, TAN)
            const identity = fields.slice(3, 6).join('\t');
            const from = k.keys[2 * i]!;
            if (from === NOT_PLAIN) {
              expect(isPlainRow(fields[2]!, fields[13]!, fields[14]!, fields[15]!)).toBe(false);
              before = null;
              return;
            }
            if (from === SAME_IDENTITY) {
              same++;
              expect(identity).toBe(before);
            } else expect(all.slice(from, k.keys[2 * i + 1])).toBe(identity);
            before = identity;
          });
        },
      ),
      { numRuns: 300 },
    );
    expect(same).toBeGreaterThan(100);
  });

  it('gives the computation what the plain lines give it, cut into pieces anywhere', async () => {
    const plainJobId = '00000000-0000-4000-8000-000000000013';
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(bookRow, { maxLength: 40 }),
        fc.array(fc.record({ who, txs: fc.array(transaction, { minLength: 1, maxLength: 5 }) }), {
          maxLength: 10,
        }),
        fc.array(fc.nat({ max: 40 }), { maxLength: 4 }),
        async (books, runs, cuts) => {
          const pieces = (write: (w: KeyedLineWriter, i: number) => void, count: number): KeyedLines[] => {
            const out: KeyedLines[] = [];
            let w = new KeyedLineWriter();
            for (let i = 0; i < count; i++) {
              if (cuts.includes(i) && w.rows > 0) {
                out.push(w.finish());
                w = new KeyedLineWriter();
              }
              write(w, i);
            }
            out.push(w.finish());
            return out;
          };
          const taxRows = statementRows(runs);
          let writer: KeyedLineWriter | null = null;
          let line: ((p: Form26asParty, t: Form26asTransaction) => void) | null = null;
          const taxPieces = pieces((w, i) => {
            // one writer per piece, as a thread has
            if (w !== writer) {
              writer = w;
              line = taxBookLineWriter(w.add);
            }
            line!(...taxRows[i]!);
          }, taxRows.length);
          const bookPieces = pieces((w, i) => addBookRowLine(books[i]!, w.add), books.length);
          const keyed = new PartyStreamedComputation(request, { bucketRows: 7, threads: 1 });
          const plain = new PartyStreamedComputation(
            { ...request, scope: { ...request.scope, jobId: plainJobId } },
            { bucketRows: 7, threads: 1 },
          );
          for (const p of taxPieces) {
            keyed.inputKeyed('taxBook', p);
            plain.inputText('taxBook', keyedText(p));
          }
          for (const p of bookPieces) {
            keyed.inputKeyed('book', p);
            plain.inputText('book', keyedText(p));
          }
          const a = await drain(keyed);
          const b = await drain(plain);
          // the whole job id, so an amount with the same digits is left alone
          expect(a.out.replaceAll(request.scope.jobId, 'JOB')).toBe(b.out.replaceAll(plainJobId, 'JOB'));
          expect(a.stats).toEqual(b.stats);
          expect(a.summary).toEqual(b.summary);
          if ((a.stats?.parties ?? 0) > 0 && (a.stats?.unresolved ?? 0) > 0) compared++;
        },
      ),
      { numRuns: 150 },
    );
    // not a comparison of nothing: runs with parties and rows not considered
    expect(compared).toBeGreaterThan(10);
  });
});
