import { type Decision, type PartyMaster, partyRowKeys, reconcile } from '@taxrecon/engine';
import { describe, expect, it } from 'vitest';
import { type ComputeRequest, computeReconciliation } from './compute.ts';
import { copyText } from './copy-text.ts';
import { PartyStreamedComputation } from './party-streamed-compute.ts';
import { lastIdOf } from './source-read.ts';
import { decodeBookRows, decodeTaxBookRows } from './source-rows.ts';
import {
  type InputSide,
  StreamedComputation,
  type StreamedJob,
  type StreamedRequest,
} from './streamed-compute.ts';
import { testRequest } from './streamed-request.test-helper.ts';

// The streamed job computes exactly what the whole-at-once computation does:
// rows arriving in chunks cut anywhere (inside a line, inside a character)
// and the result taken out a few parties at a time give the same COPY text.

const PARTIES = 120;
const tanOf = (i: number) => `PNEA${String(10000 + i).padStart(5, '0')}A`;
const masters: PartyMaster[] = Array.from({ length: PARTIES }, (_, i) => ({
  code: `C${i}`,
  name: i % 7 === 0 ? `Café Ṭrading ${i} Private Limited` : `Customer ${i} Limited`,
  tan: tanOf(i),
}));

// Lines of COPY text in the layout of source-rows.ts's selects.
const N = '\\N';
const bookLine = (
  id: number,
  voucher: string,
  date: string,
  name: string,
  ids: { code?: string | null; tan?: string | null; pan?: string | null },
  rate: string | null,
  amount: number,
  tax: number,
): string =>
  [id, voucher, date, name, ids.code ?? N, ids.tan ?? N, ids.pan ?? N, N, '194J', rate ?? N, N, N, N]
    .concat([amount.toFixed(2), tax.toFixed(2), N])
    .join('\t');
const taxBookLine = (
  id: number,
  ref: string,
  date: string,
  name: string,
  tan: string,
  amount: number,
): string =>
  [id, ref, date, name, N, tan, N, N, '194J', N, 'F', '2024-07-20', N]
    .concat([amount.toFixed(2), (amount / 10).toFixed(2), (amount / 10).toFixed(2)])
    .join('\t');

const bookText = (): string => {
  const lines: string[] = [];
  let id = 1;
  for (let i = 0; i < PARTIES; i++) {
    for (let k = 0; k < 1 + (i % 5); k++) {
      const amount = 10000 + i * 100 + k * 7;
      const tax = i % 9 === 4 && k === 0 ? amount / 10 + 3 : amount / 10;
      const name = masters[i]!.name.replace(' Private Limited', '');
      const date = `2024-${String(4 + (k % 9)).padStart(2, '0')}-1${k % 9}`;
      lines.push(
        bookLine(id++, `INV-${i}-${k}`, date, name, { code: `C${i}`, tan: tanOf(i) }, '10.0000', amount, tax),
      );
    }
  }
  // a row no party takes, and one with a bad date
  lines.push(bookLine(id++, 'INV-X', '2024-05-05', 'Nobody Known', {}, null, 100, 10));
  lines.push(
    bookLine(id++, 'INV-Y', 'not a date', 'Customer 1', { code: 'C1', tan: tanOf(1) }, null, 100, 10),
  );
  return `${lines.join('\n')}\n`;
};

const taxBookText = (): string => {
  const lines: string[] = [];
  let id = 1;
  for (let i = 0; i < PARTIES; i++) {
    if (i % 11 === 5) continue; // missing from 26AS
    for (let k = 0; k < 1 + (i % 5); k++) {
      if (i % 13 === 6 && k > 0) continue; // partly missing
      const amount = 10000 + i * 100 + k * 7;
      const date = `2024-${String(4 + (k % 9)).padStart(2, '0')}-1${k % 9}`;
      lines.push(taxBookLine(id++, `26as.txt:${id}`, date, masters[i]!.name.toUpperCase(), tanOf(i), amount));
    }
  }
  return `${lines.join('\n')}\n`;
};

const encoder = new TextEncoder();
const request = testRequest(
  masters,
  { jobId: '00000000-0000-4000-8000-000000000001', entityId: '00000000-0000-4000-8000-000000000002' },
  4,
);

// Cuts bytes into pieces of 1 to `max` bytes, deterministically.
const pieces = (bytes: Uint8Array, max: number): Uint8Array[] => {
  const out: Uint8Array[] = [];
  let seed = 7;
  for (let at = 0; at < bytes.length; ) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const size = 1 + (seed % max);
    out.push(bytes.slice(at, at + size));
    at += size;
  }
  return out;
};

// The same bytes as texts of whole lines, about `max` bytes each (at least a line).
const wholeLines = (bytes: Uint8Array, max: number): string[] => {
  const texts: string[] = [];
  let text = '';
  for (const line of new TextDecoder().decode(bytes).split(/(?<=\n)/)) {
    text += line;
    if (text.length >= max) {
      texts.push(text);
      text = '';
    }
  }
  if (text) texts.push(text);
  return texts;
};

describe('the streamed reconciliation', () => {
  const book = encoder.encode(bookText());
  const taxBook = encoder.encode(taxBookText());
  const whole = computeReconciliation(
    {
      ...request,
      book,
      taxBook,
      broughtForwardBook: new Uint8Array(0),
      broughtForwardTaxBook: new Uint8Array(0),
    } satisfies ComputeRequest,
    () => {},
  );

  // (the last way is fed whole lines, which it keeps in memory and counts, so
  // that the pool's threads sort them into buckets: bucket-sort.ts bucketPartTasks)
  const ways: [string, (r: StreamedRequest) => StreamedJob][] = [
    ['the whole year held', (r) => new StreamedComputation(r)],
    [
      'a party at a time from spool files',
      (r) => new PartyStreamedComputation(r, { bucketRows: 20, threads: 1 }),
    ],
    [
      'a party at a time, buckets matched in two threads',
      (r) => new PartyStreamedComputation(r, { bucketRows: 20, threads: 2 }),
    ],
    [
      'a party at a time, rows in memory sorted into buckets by two threads',
      (r) => new PartyStreamedComputation(r, { bucketRows: 20, threads: 2, spoolMemoryBytes: 1 << 20 }),
    ],
  ];
  it.each(ways.flatMap(([way, make]) => [3, 97, 1 << 20].map((max) => [way, max, make] as const)))(
    '%s gives what the whole computation gives, input cut every 1 to %i bytes',
    async (way, max, make) => {
      const c = make(request);
      const inThreads = way.includes('sorted into buckets by two threads');
      for (const [side, bytes] of [
        ['book', book],
        ['taxBook', taxBook],
      ] as [InputSide, Uint8Array][]) {
        if (inThreads)
          for (const text of wholeLines(bytes, max)) (c as PartyStreamedComputation).inputText(side, text);
        else for (const piece of pieces(bytes, max)) c.input(side, piece);
      }
      const progress: number[] = [];
      const onProgress = (finished: number) => progress.push(finished);
      let summary = inThreads
        ? await (c as PartyStreamedComputation).computeInThreads(onProgress)
        : c.compute(onProgress);
      // the threads sorted the rows in two parts (one, when each side is a
      // single piece: a piece is not split, and the statement is the smaller)
      if (inThreads) expect(summary.timings?.parts).toBe(max < 1 << 20 ? 2 : 1);
      expect(progress.length).toBeGreaterThan(0);
      expect(summary.warnings).toEqual(whole.warnings);
      const parties: string[] = [];
      const rows: Uint8Array[] = [];
      const unresolved: string[] = [];
      let batches = 0;
      for (;;) {
        const batch = await c.nextBatch(2000);
        batches++;
        parties.push(...batch.partyChunks);
        rows.push(...batch.rowChunks);
        unresolved.push(...batch.unresolvedChunks);
        if (batch.summary) summary = batch.summary;
        if (batch.last) break;
        expect(batch.unresolvedChunks).toEqual([]);
      }
      expect(batches).toBeGreaterThan(5);
      expect(summary.stats).toEqual(whole.stats);
      expect(parties.join('')).toBe(whole.partyChunks.join(''));
      expect(copyText(rows)).toBe(whole.rowChunks.join(''));
      expect(unresolved.join('')).toBe(whole.unresolvedChunks.join(''));
      // not a comparison of nothing: parties of several categories and rows not considered
      expect(whole.stats.parties).toBeGreaterThan(100);
      expect(whole.stats.categories.fullMatches).toBeGreaterThan(0);
      expect(
        whole.stats.categories.partialMatches + whole.stats.categories.missingFromTaxBook,
      ).toBeGreaterThan(0);
      expect(whole.stats.unresolved).toBe(2);
      expect(copyText(rows)).toContain('Café Ṭrading');
    },
  );

  // Parties the master does not know (placed under their TAN, joined by
  // name, name-only rows linked to a 26AS deductor), brought-forward rows of
  // both books, invalid rows, and a re-run of chosen parties.
  const mixedBook = (rows: number, first: number): string => {
    const who = [
      ['Customer 3 Limited', 'C3', tanOf(3), null],
      ['Omega Unknown LLP', null, 'DELO00009Q', null],
      ['Omega Unknown', null, null, null],
      ['Zeta Inds. P. Ltd.', null, null, null],
      ['Nobody Known', null, 'BADTAN', null],
      ['Customer 8', null, null, 'AAACC1234C'],
    ] as const;
    const out: string[] = [];
    for (let k = 0; k < rows; k++) {
      const [name, code, tan, pan] = who[(k * 7) % who.length]!;
      const date =
        k % 23 === 22
          ? 'not a date'
          : `2024-${String(4 + (k % 12) > 12 ? 1 : 4 + (k % 9)).padStart(2, '0')}-1${k % 9}`;
      const amount = 1000 + (k % 5) * 250;
      out.push(bookLine(first + k, `M-${k % 17}`, date, name, { code, tan, pan }, null, amount, amount / 10));
    }
    return `${out.join('\n')}\n`;
  };
  const mixedTaxBook = (rows: number, first: number, file: string): string => {
    const who = [
      ['CUSTOMER 3 LIMITED', tanOf(3)],
      ['OMEGA UNKNOWN LLP', 'DELO00009Q'],
      ['OMEGA UNKNOWN', 'DELO00009Q'],
      ['ZETA INDUSTRIES PRIVATE LIMITED', 'BLRZ00005Z'],
      ['SHREE GANESH ENTERPRISES', 'NSKS00004S'],
    ] as const;
    const out: string[] = [];
    for (let k = 0; k < rows; k++) {
      const [name, tan] = who[(k * 3) % who.length]!;
      const amount = 1000 + (k % 5) * 250 + (k % 11 === 3 ? 7 : 0);
      const date = `2024-${String(4 + (k % 9)).padStart(2, '0')}-1${(k + 2) % 9}`;
      out.push(taxBookLine(first + k, `${file}:${k + 1}`, date, name, tan, amount));
    }
    return `${out.join('\n')}\n`;
  };
  const mixed = {
    book: encoder.encode(mixedBook(300, 1)),
    taxBook: encoder.encode(mixedTaxBook(280, 1, '26as.txt')),
    broughtForwardBook: encoder.encode(mixedBook(40, 5000)),
    broughtForwardTaxBook: encoder.encode(mixedTaxBook(30, 6000, 'old.txt')),
  };
  it.each([
    ['every party', null],
    ['chosen parties', ['C3', 'TAN:DELO00009Q']],
  ] as const)(
    'a party at a time gives what the whole computation gives with unknown parties: %s',
    async (_what, selected) => {
      const r = {
        ...request,
        options: { unknownParties: 'byTan' as const },
        selected: selected ? [...selected] : null,
      };
      const wholeMixed = computeReconciliation({ ...r, ...mixed } satisfies ComputeRequest, () => {});
      // from spool files, and from memory sorted into buckets by two threads
      for (const inThreads of [false, true]) {
        const c = new PartyStreamedComputation(r, {
          bucketRows: 25,
          threads: 2,
          spoolMemoryBytes: inThreads ? 1 << 20 : 0,
        });
        // the brought-forward rows arrive first: the order of arrival must not matter
        for (const side of [
          'broughtForwardTaxBook',
          'broughtForwardBook',
          'book',
          'taxBook',
        ] as InputSide[]) {
          if (inThreads) for (const text of wholeLines(mixed[side], 61)) c.inputText(side, text);
          else for (const piece of pieces(mixed[side], 61)) c.input(side, piece);
        }
        let summary = inThreads ? await c.computeInThreads(() => {}) : c.compute(() => {});
        expect(summary.timings?.parts).toBe(inThreads ? 2 : undefined);
        expect(summary.warnings).toEqual(wholeMixed.warnings);
        const out = { parties: [] as string[], rows: [] as Uint8Array[], unresolved: [] as string[] };
        for (;;) {
          const batch = await c.nextBatch(2000);
          out.parties.push(...batch.partyChunks);
          out.rows.push(...batch.rowChunks);
          out.unresolved.push(...batch.unresolvedChunks);
          if (batch.summary) summary = batch.summary;
          if (batch.last) break;
        }
        expect(summary.stats).toEqual(wholeMixed.stats);
        expect(out.parties.join('')).toBe(wholeMixed.partyChunks.join(''));
        expect(copyText(out.rows)).toBe(wholeMixed.rowChunks.join(''));
        expect(out.unresolved.join('')).toBe(wholeMixed.unresolvedChunks.join(''));
        // the comparison covers what it is about
        const text = copyText(out.rows);
        expect(text).toContain('\ttan-only\t');
        expect(wholeMixed.stats.parties).toBeGreaterThan(1);
        if (!selected) {
          expect(text).toContain('\tdeductor-name\t');
          expect(wholeMixed.stats.unresolved).toBeGreaterThan(10);
        }
      }
    },
  );

  // Decisions a person made, applied again by the job: each to its own party
  // when it names rows of one party only, else over the whole year.
  describe('with decisions', () => {
    const decoder = new TextDecoder();
    const engine = reconcile({
      kind: 'TDS',
      financialYear: '2024-25',
      book: decodeBookRows(decoder.decode(book).trimEnd()),
      taxBook: decodeTaxBookRows(decoder.decode(taxBook).trimEnd()),
      parties: masters,
    });
    const keysOf = (code: string) => {
      const p = engine.parties.find((x) => x.key === code)!;
      return { p, keys: partyRowKeys(p) };
    };
    const a = keysOf('C1');
    const b = keysOf('C4');
    const c = keysOf('C9');
    const d = keysOf('C13');
    const matchedBook = b.p.book.findIndex((e) => e.match >= 0);
    // C5 is missing from 26AS: its rows are in no match
    const e = keysOf('C5');
    const openBook = e.p.book.findIndex((x) => x.match < 0);
    const perParty: Decision[] = [
      { action: 'Hold', rows: [{ side: 'book', key: a.keys.book[0]! }], note: 'asked the customer' },
      { action: 'Unpair', row: { side: 'book', key: b.keys.book[matchedBook]! } },
      {
        action: 'Pair',
        rows: [
          { side: 'book', key: c.keys.book[0]! },
          { side: 'taxBook', key: c.keys.taxBook[0]! },
        ],
      },
      // refused: the row is in no match
      { action: 'Unpair', row: { side: 'book', key: e.keys.book[openBook]! } },
      { action: 'Accept', rows: [{ side: 'taxBook', key: d.keys.taxBook[0]! }] },
    ];
    // names rows of two parties: only the whole result can say so
    const acrossParties: Decision = {
      action: 'Pair',
      rows: [
        { side: 'book', key: a.keys.book[0]! },
        { side: 'taxBook', key: d.keys.taxBook[0]! },
      ],
    };
    it.each([
      ['each applied to its party', perParty],
      ['one naming two parties: the whole year after all', [...perParty, acrossParties]],
    ] as const)('%s gives what the whole computation gives', async (_what, decisions) => {
      const r = { ...request, decisions: [...decisions] };
      const wholeDecided = computeReconciliation(
        {
          ...r,
          book,
          taxBook,
          broughtForwardBook: new Uint8Array(0),
          broughtForwardTaxBook: new Uint8Array(0),
        },
        () => {},
      );
      const c2 = new PartyStreamedComputation(r, { bucketRows: 30, threads: 2 });
      for (const piece of pieces(book, 4096)) c2.input('book', piece);
      for (const piece of pieces(taxBook, 4096)) c2.input('taxBook', piece);
      let summary = c2.compute(() => {});
      const out = { parties: [] as string[], rows: [] as Uint8Array[], unresolved: [] as string[] };
      for (;;) {
        const batch = await c2.nextBatch();
        out.parties.push(...batch.partyChunks);
        out.rows.push(...batch.rowChunks);
        out.unresolved.push(...batch.unresolvedChunks);
        if (batch.summary) summary = batch.summary;
        if (batch.last) break;
      }
      // the way taken: buckets of parties (their timings name the routing), or the whole year
      expect('route' in summary.timings).toBe(decisions.length === perParty.length);
      expect(summary.applied).toBe(wholeDecided.applied);
      expect(summary.decisionErrors).toEqual(wholeDecided.decisionErrors);
      expect(summary.stats).toEqual(wholeDecided.stats);
      expect(out.parties.join('')).toBe(wholeDecided.partyChunks.join(''));
      expect(copyText(out.rows)).toBe(wholeDecided.rowChunks.join(''));
      expect(out.unresolved.join('')).toBe(wholeDecided.unresolvedChunks.join(''));
      // the decisions did something, and one was refused
      expect(wholeDecided.applied).toBeGreaterThanOrEqual(3);
      expect(openBook).toBeGreaterThanOrEqual(0);
      expect(wholeDecided.decisionErrors.map((e) => e.code)).toContain('ROW_NOT_MATCHED');
      expect(copyText(out.rows)).toContain('asked the customer');
    });
  });

  it('reads the id of the last row of a batch', () => {
    expect(lastIdOf(encoder.encode('1\ta\n22\tb\n333\tc\n'))).toBe(333n);
    expect(lastIdOf(encoder.encode('9876543210123'))).toBe(9876543210123n);
    expect(lastIdOf(new Uint8Array(0))).toBeNull();
  });
});
