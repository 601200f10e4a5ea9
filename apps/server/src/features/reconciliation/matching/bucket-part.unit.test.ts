import fs from 'node:fs';
import os from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type BucketPartSide,
  bucketPartFile,
  NOT_PLACED,
  NOT_WRITTEN,
  sortBucketPart,
} from './bucket-part.ts';
import { readLines, spoolDirectory } from './spool-files.ts';

// A thread's part of the sort into buckets: each line behind its identity's
// head, numbered from the run's first row, in its bucket's part file; lines
// of a party not written left out; lines placed nowhere handed back.

const dir = spoolDirectory(os.tmpdir(), `taxrecon-bucket-part-test-${process.pid}`);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const heads = ['B\t0\t0\t1\t', 'B\t1\t2\t0\t', '', ''];
const run = (pieces: string[], ids: number[]): BucketPartSide => {
  const headAt = new Int32Array(heads.length + 1);
  heads.forEach((h, i) => {
    headAt[i + 1] = headAt[i]! + h.length;
  });
  return {
    side: 'book',
    pieces: pieces.map((p) => new Uint8Array(Buffer.from(p))),
    movable: pieces.map(() => false),
    firstSeq: 10,
    ids: Int32Array.from(ids),
    heads: new Uint8Array(Buffer.from(heads.join(''))),
    headAt,
    // identity 0 and 1 in buckets 3 and 5, 2 not written, 3 placed nowhere
    bucketOf: Int32Array.from([3, 5, NOT_WRITTEN, NOT_PLACED]),
  };
};

describe('sortBucketPart', () => {
  it('writes each line to its bucket part behind its head and row number', () => {
    const out = sortBucketPart({
      dir,
      part: 1,
      keepUnplaced: true,
      // identities per line: 0, 1, not valid, 2, 3, 0
      sides: [run(['a\tx\nb\ty\n', 'c\nd\ne\tz\n', 'f\n'], [0, 1, -1, 2, 3, 0])],
    });
    expect(out.buckets).toEqual([3, 5]);
    expect(out.unplaced).toEqual([{ side: 'book', seq: 14, line: 'e\tz' }]);
    const lines = (b: number) => {
      const got: string[] = [];
      readLines(bucketPartFile(dir, b, 1), (l) => got.push(l));
      return got;
    };
    expect(lines(3)).toEqual(['B\t0\t0\t1\t10\ta\tx', 'B\t0\t0\t1\t15\tf']);
    expect(lines(5)).toEqual(['B\t1\t2\t0\t11\tb\ty']);
  });

  it('hands back nothing placed nowhere when only chosen parties are written', () => {
    const out = sortBucketPart({ dir, part: 2, keepUnplaced: false, sides: [run(['e\n'], [3])] });
    expect(out).toEqual({ buckets: [], unplaced: [] });
  });

  it('stops at a piece that does not end in a newline', () => {
    expect(() =>
      sortBucketPart({ dir, part: 3, keepUnplaced: true, sides: [run(['a\nb'], [0, 0])] }),
    ).toThrow('does not end in a newline');
  });
});
