import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResultJsonLists } from '../features/reconciliation/matching/result-json-items.ts';
import { ResultJsonWriter } from './result-json.ts';

// The result JSON is written list by list from batches of items, some lists
// empty and some spread over many batches: the file must be the JSON of the
// lists joined in order, laid out a line per item.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-result-json-'));
const item = (list: string, n: number) => `,\n    { "ref": "${list}-${n}", "reason": "" }`;
const batch = (from: number, to: number, lists: (keyof ResultJsonLists)[]): ResultJsonLists => {
  const text = (list: keyof ResultJsonLists) => {
    if (!lists.includes(list)) return new Uint8Array(0);
    let t = '';
    for (let n = from; n < to; n++) t += item(list, n);
    return Buffer.from(t);
  };
  return {
    parties: text('parties'),
    matches: text('matches'),
    unmatchedBook: text('unmatchedBook'),
    unmatchedTaxBook: text('unmatchedTaxBook'),
    unresolved: text('unresolved'),
    matchCount: lists.includes('matches') ? to - from : 0,
    unresolvedCount: lists.includes('unresolved') ? to - from : 0,
  };
};
const refs = (list: string, from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({ ref: `${list}-${from + i}`, reason: '' }));

describe('ResultJsonWriter', () => {
  it('joins the batches of each list in order, empty lists as []', () => {
    const file = path.join(dir, 'result.json');
    const writer = new ResultJsonWriter(file, '2024-25');
    writer.add(batch(0, 3, ['parties', 'matches']));
    writer.add(batch(3, 3, ['parties', 'matches']));
    writer.add(batch(3, 5, ['parties', 'matches', 'unmatchedTaxBook']));
    writer.add(batch(0, 2, ['unresolved']));
    const counts = writer.finish([{ ref: 'register.txt:7', reason: 'bad date' }]);
    const text = fs.readFileSync(file, 'utf8');
    expect(JSON.parse(text)).toEqual({
      financialYear: '2024-25',
      parties: refs('parties', 0, 5),
      matches: refs('matches', 0, 5),
      unmatchedBook: [],
      unmatchedTaxBook: refs('unmatchedTaxBook', 3, 5),
      unresolved: refs('unresolved', 0, 2),
      rejected: [{ ref: 'register.txt:7', reason: 'bad date' }],
    });
    expect(counts).toEqual({ matches: 5, unresolved: 2 });
    // a line per item, lists opened and closed on lines of their own
    expect(text).toContain(
      '  "unmatchedBook": [],\n  "unmatchedTaxBook": [\n    { "ref": "unmatchedTaxBook-3"',
    );
    expect(text.endsWith('"reason": "bad date" }\n  ]\n}\n')).toBe(true);
  });

  it('writes a valid file when nothing came at all, and leaves no temporary folder', () => {
    const file = path.join(dir, 'empty.json');
    const before = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('taxrecon-result-')).length;
    new ResultJsonWriter(file, '2025-26').finish([]);
    expect(fs.readFileSync(file, 'utf8')).toBe(
      '{\n  "financialYear": "2025-26",\n  "parties": [],\n  "matches": [],\n  "unmatchedBook": [],\n  "unmatchedTaxBook": [],\n  "unresolved": [],\n  "rejected": []\n}\n',
    );
    expect(fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('taxrecon-result-')).length).toBe(before);
  });
});
