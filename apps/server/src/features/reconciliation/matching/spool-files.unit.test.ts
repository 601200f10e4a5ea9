import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { LineSpool, readLines, SpoolFile, spoolDirectory } from './spool-files.ts';

// A spool gives back the lines written to it, however the bytes were cut
// into pieces, whether it kept them in memory, spilled them to disk part-way
// or wrote them to disk from the start.

const dir = spoolDirectory(os.tmpdir(), `taxrecon-spool-test-${process.pid}`);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
const spoolOf = (memoryBytes: number, pieces: (string | Uint8Array)[], owned: boolean) => {
  const spool = new SpoolFile(path.join(dir, `s${n++}.txt`), memoryBytes);
  for (const p of pieces) spool.write(p, owned);
  spool.close();
  return spool;
};
const linesOf = (spool: SpoolFile): string[] => {
  const lines: string[] = [];
  spool.readLineBytes((buffer, start, end) => lines.push(buffer.toString('utf8', start, end)));
  return lines;
};
const piecesOf = (spool: SpoolFile): string => {
  const parts: Buffer[] = [];
  spool.readPieces((bytes) => parts.push(Buffer.from(bytes)));
  return Buffer.concat(parts).toString('utf8');
};

// the text cut at the given places, as strings and as bytes by turns
const cut = (text: string, at: number[]): (string | Uint8Array)[] => {
  const bytes = Buffer.from(text);
  const marks = [...new Set(at.map((a) => a % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: (string | Uint8Array)[] = [];
  let from = 0;
  for (const [i, m] of [...marks, bytes.length].entries()) {
    const piece = bytes.subarray(from, m);
    pieces.push(i % 2 === 0 ? new Uint8Array(piece) : piece.toString('latin1'));
    from = m;
  }
  return pieces;
};

describe('SpoolFile', () => {
  it('gives back the lines written, in memory, spilled or on disk', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-z0-9\t .,-]{0,40}$/), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(2000), { maxLength: 12 }),
        fc.boolean(),
        fc.constantFrom(0, 1, 64, 1 << 20),
        fc.boolean(),
        (lines, at, lastNewline, memoryBytes, owned) => {
          const text = lines.join('\n') + (lastNewline ? '\n' : '');
          const spool = spoolOf(memoryBytes, cut(text, at), owned);
          // an empty last line with no newline after it is no line at all
          const expected = !lastNewline && lines.at(-1) === '' ? lines.slice(0, -1) : lines;
          expect(linesOf(spool)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps within its budget in memory and goes to disk past it', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `row ${i}\tABCD12345E\t1000.00`);
    const text = `${lines.join('\n')}\n`;
    const small = spoolOf(1 << 20, [text.slice(0, 500), text.slice(500)], false);
    expect(fs.existsSync(small.file)).toBe(false);
    expect(linesOf(small)).toEqual(lines);

    const spilled = spoolOf(600, [text.slice(0, 500), text.slice(500, 1200), text.slice(1200)], false);
    expect(fs.existsSync(spilled.file)).toBe(true);
    expect(piecesOf(spilled)).toBe(text);
    expect(linesOf(spilled)).toEqual(lines);
  });

  it('copies bytes it does not own and keeps those it is given', () => {
    const mine = new Uint8Array(Buffer.from('a\tb\nc\td\n'));
    const copied = spoolOf(1 << 20, [mine], false);
    const kept = spoolOf(1 << 20, [mine], true);
    mine[0] = 'z'.charCodeAt(0);
    expect(linesOf(copied)).toEqual(['a\tb', 'c\td']);
    expect(linesOf(kept)).toEqual(['z\tb', 'c\td']);
  });
});

describe('SpoolFile.takePieces', () => {
  const counted = (memoryBytes: number, writes: [Uint8Array | string, boolean, number | undefined][]) => {
    const spool = new SpoolFile(path.join(dir, `s${n++}.txt`), memoryBytes);
    for (const [bytes, owned, lines] of writes) spool.write(bytes, owned, lines);
    spool.close();
    return spool;
  };

  it('gives up counted whole lines kept in memory, telling which it may move', () => {
    const moved = new Uint8Array(Buffer.from('a\tb\nc\n'));
    const spool = counted(1 << 20, [
      [moved, true, 2],
      ['d\te\n', false, 1],
      // owned, but a view into a bigger memory: not moved
      [new Uint8Array(Buffer.from('xxf\n')).subarray(2), true, 1],
    ]);
    const taken = spool.takePieces();
    expect(taken?.lines).toEqual([2, 1, 1]);
    expect(taken?.movable).toEqual([true, false, false]);
    expect(taken?.pieces.map((p) => p.toString())).toEqual(['a\tb\nc\n', 'd\te\n', 'f\n']);
    // given up: the spool is empty
    expect(linesOf(spool)).toEqual([]);
  });

  it('keeps pieces not counted, not whole lines, or on disk', () => {
    expect(
      counted(1 << 20, [
        ['a\n', false, 1],
        ['b\n', false, undefined],
      ]).takePieces(),
    ).toBeNull();
    const cutLine = counted(1 << 20, [['a\nb', false, 2]]);
    expect(cutLine.takePieces()).toBeNull();
    expect(linesOf(cutLine)).toEqual(['a', 'b']);
    const spilled = counted(4, [
      ['abc\n', false, 1],
      ['def\n', false, 1],
    ]);
    expect(spilled.takePieces()).toBeNull();
    expect(linesOf(spilled)).toEqual(['abc', 'def']);
  });
});

describe('LineSpool', () => {
  it('writes each line as its head, number, a tab and its slice', () => {
    const file = path.join(dir, 'bucket.txt');
    const spool = new LineSpool(file);
    const source = Buffer.from(`abc\t1.00|${'x'.repeat(300_000)}|`);
    const numbers = [0, 7, 9, 10, 99, 100, 12_345, 2 ** 31 - 1];
    const heads = Buffer.from('B\t3\t0\t1\tT\t4\t');
    for (const n of numbers) spool.numberedLine(heads, 0, 8, n, source, 0, 8);
    // a line longer than the spool's buffer
    spool.numberedLine(heads, 8, 12, 5, source, 9, source.length);
    spool.close();
    const lines: string[] = [];
    readLines(file, (line) => lines.push(line));
    expect(lines).toEqual([
      ...numbers.map((n) => `B\t3\t0\t1\t${n}\tabc\t1.00`),
      `T\t4\t5\t${source.toString('latin1', 9)}`,
    ]);
  });
});
