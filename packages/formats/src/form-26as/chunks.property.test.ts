import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../testing/golden-cases.ts';
import { Form26asByteCutter } from './byte-cut.ts';
import { cut26asText, mergeChunks, parse26asChunk } from './chunks.ts';
import { forEach26asEntry } from './output.ts';
import { parse26asText } from './parse.ts';
import type { Form26asResult, Form26asTaxType, Form26asTransaction } from './types.ts';
import { EXAMPLE_STATEMENT_HEADER, type StatementParty, write26asText } from './write.ts';

// Parsing a statement in pieces must give exactly what one pass gives:
// parties, transactions, issues (with their lines and order), flags.
let cuts = 0;
const inPieces = (text: string, chunkChars: number) => {
  const chunks = cut26asText(text, 'm.txt', chunkChars);
  if (chunks.length > 1) cuts++;
  return mergeChunks(chunks.map((c) => parse26asChunk(c)));
};

const FIXTURES = ['26as-current-layout.txt', '26as-pre-2020-layout.txt', '26as-form-168-layout.txt'].map(
  (f) => readFileSync(`${FIXTURES_DIR}${f}`, 'utf8'),
);

const header = EXAMPLE_STATEMENT_HEADER;
const party: fc.Arbitrary<StatementParty> = fc.record({
  name: fc.stringMatching(/^[A-Z][A-Z0-9&.]{0,12}( [A-Z0-9&.]{1,12}){0,2}$/),
  tan: fc.stringMatching(/^[A-Z]{4}[0-9]{5}[A-Z]$/),
  transactions: fc.array(
    fc.record({
      section: fc.constantFrom('194C', '194J', '194H', '206CR'),
      date: fc.constantFrom('2024-04-30', '2024-09-15', '2025-03-31'),
      status: fc.constantFrom('F', 'U', 'P'),
      bookingDate: fc.constant(null),
      remarks: fc.option(fc.constant('B'), { nil: null }),
      amount: fc.integer({ min: -1_000_000, max: 10_000_000 }),
      tax: fc.integer({ min: 0, max: 1_000_000 }),
      deposited: fc.integer({ min: 0, max: 1_000_000 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});

// Damage as downloads and hand edits do it, so the pieces must agree on issues too.
const damage = fc.array(
  fc.record({
    kind: fc.constantFrom('drop', 'duplicate', 'replace', 'insert'),
    at: fc.nat(),
    text: fc.constantFrom(
      '^',
      '|',
      '1^X^',
      'PART-II^',
      'Sr. No.^Name^',
      '^^1^',
      '\u0000',
      '',
      'No Transactions Present',
    ),
  }),
  { maxLength: 5 },
);
const damaged = (text: string, edits: { kind: string; at: number; text: string }[]) => {
  const lines = text.split('\n');
  for (const e of edits) {
    const i = e.at % lines.length;
    if (e.kind === 'drop') lines.splice(i, 1);
    else if (e.kind === 'duplicate') lines.splice(i, 0, lines[i]!);
    else if (e.kind === 'replace') lines[i] = e.text + lines[i]!.slice(e.text.length);
    else lines.splice(i, 0, e.text);
  }
  return lines.join('\n');
};

// a real layout or a written statement of any parties
const anyStatement = fc.oneof(
  fc.constantFrom(...FIXTURES),
  fc
    .tuple(fc.constantFrom<'TDS' | 'TCS'>('TDS', 'TCS'), fc.array(party, { minLength: 1, maxLength: 25 }))
    .map(([part, parties]) => write26asText(header, part, parties)),
);

describe('a 26AS statement parsed in pieces', () => {
  it('cuts a big statement at deductor rows, each piece about the size asked for', () => {
    const parties = Array.from({ length: 300 }, (_, i) => ({
      name: `PARTY ${i}`,
      tan: `ABCD${String(10000 + i)}E`,
      transactions: [
        {
          section: '194C',
          date: '2024-05-01',
          status: 'F',
          bookingDate: null,
          remarks: null,
          amount: 100_00,
          tax: 1_00,
          deposited: 1_00,
        },
      ],
    }));
    const text = write26asText(header, 'TDS', parties);
    const chunks = cut26asText(text, 's.txt', 4000);
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks.slice(1)) expect(c.text).toMatch(/^\d+\^PARTY \d+\^/);
    expect(chunks.map((c) => c.text).join('')).toBe(text);
    const whole = parse26asText(text, 's.txt');
    expect(whole.tds?.parties).toHaveLength(300);
    expect(mergeChunks(chunks.map((c) => parse26asChunk(c)))).toEqual(whole);
  });

  it('gives what one pass gives on written statements of any parties, damaged or not', () => {
    cuts = 0;
    fc.assert(
      fc.property(
        fc.constantFrom<'TDS' | 'TCS'>('TDS', 'TCS'),
        fc.array(party, { minLength: 1, maxLength: 25 }),
        damage,
        fc.integer({ min: 1, max: 3000 }),
        (part, parties, edits, size) => {
          const text = damaged(write26asText(header, part, parties), edits);
          expect(inPieces(text, size)).toEqual(parse26asText(text, 'm.txt'));
        },
      ),
      { numRuns: 300 },
    );
    // most statements were cut at least once, so the pieces were really tested
    expect(cuts).toBeGreaterThan(150);
  });

  it('gives what one pass gives on the real layouts, damaged or not', () => {
    cuts = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXTURES),
        damage,
        fc.integer({ min: 1, max: 2000 }),
        (base, edits, size) => {
          const text = damaged(base, edits);
          expect(inPieces(text, size)).toEqual(parse26asText(text, 'm.txt'));
        },
      ),
      { numRuns: 300 },
    );
    expect(cuts).toBeGreaterThan(100);
  });

  // The same pieces found from the file's bytes a window at a time (the
  // command line reads a big statement so): each range is a piece's text,
  // with its context and first line, wherever the windows end.
  it('cuts the bytes of an ASCII statement where it cuts its text, whatever the windows', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        anyStatement,
        damage,
        fc.integer({ min: 1, max: 3000 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (base, edits, size, windowAt) => {
          const text = damaged(base, edits);
          const bytes = Buffer.from(text, 'latin1');
          if (!isAscii(bytes)) return;
          const chunks = cut26asText(bytes, 'm.txt', size);
          // windows end at line ends chosen at random
          const ends = [
            ...new Set(
              windowAt.map((w) => {
                const at = bytes.indexOf(10, w % bytes.length);
                return at < 0 ? bytes.length : at + 1;
              }),
            ),
          ].sort((a, b) => a - b);
          const cutter = new Form26asByteCutter('m.txt', size);
          let from = 0;
          for (const end of [...ends, bytes.length]) {
            if (end <= from) continue;
            cutter.push(bytes.subarray(from, end), from);
            from = end;
          }
          const ranges = cutter.finish(bytes.length);
          expect(ranges.map(({ from: f, to, ...rest }) => ({ ...rest, text: text.slice(f, to) }))).toEqual(
            chunks,
          );
          if (chunks.length > 1) compared++;
        },
      ),
      { numRuns: 300 },
    );
    expect(compared).toBeGreaterThan(100);
  });

  // A caller that takes the transactions as they are read (the parsing
  // threads write them straight out as lines) must get every one the parties
  // would have held, each with its party, in file order within each part,
  // and the rest of the result unchanged.
  it('hands each transaction on, with its party, instead of keeping it', () => {
    type Seen = [Form26asTaxType, string, string, Form26asTransaction];
    const handedOn = (text: string, size: number) => {
      const seen: Seen[] = [];
      const results = cut26asText(text, 'm.txt', size).map((c) =>
        parse26asChunk(c, (type, party, t) => seen.push([type, party.tan, party.name, t])),
      );
      return { result: mergeChunks(results), seen };
    };
    const kept = (whole: Form26asResult) => {
      const seen: Seen[] = [];
      forEach26asEntry(whole, (type, party, t) => seen.push([type, party.tan, party.name, t]));
      return seen;
    };
    const withoutTransactions = (r: Form26asResult): Form26asResult => {
      const empty = (part: Form26asResult['tds']) =>
        part && { ...part, parties: part.parties.map((p) => ({ ...p, transactions: [] })) };
      return { ...r, tds: empty(r.tds), tcs: empty(r.tcs) };
    };
    const byType = (seen: Seen[], type: Form26asTaxType) => seen.filter((s) => s[0] === type);
    let transactions = 0;
    fc.assert(
      fc.property(anyStatement, damage, fc.integer({ min: 1, max: 3000 }), (base, edits, size) => {
        const text = damaged(base, edits);
        const whole = parse26asText(text, 'm.txt');
        const { result, seen } = handedOn(text, size);
        expect(result).toEqual(withoutTransactions(whole));
        const expected = kept(whole);
        expect(seen).toHaveLength(expected.length);
        for (const type of ['TDS', 'TCS'] as const)
          expect(byType(seen, type)).toEqual(byType(expected, type));
        transactions += seen.length;
      }),
      { numRuns: 300 },
    );
    expect(transactions).toBeGreaterThan(300);
  });
});
