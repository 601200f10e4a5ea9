import path from 'node:path';
import { LineSpool } from './spool-files.ts';
import type { InputSide } from './streamed-compute.ts';

// A part of the sort into buckets, run in a matching thread
// (bucket-sort.ts bucketPartTasks): runs of a side's row lines, each line
// written to its party's bucket behind its head, into this part's own file
// of each bucket. Pure apart from writing those files.

// an identity's bucket when its party is not written, or the plan placed it in none
export const NOT_WRITTEN = -1;
export const NOT_PLACED = -2;

export interface BucketPartSide {
  side: InputSide;
  // whole lines, each ending in a newline
  pieces: Uint8Array[];
  // which pieces the message moved rather than copied
  movable: boolean[];
  // the side's row number of the first line, and each line's identity (-1: not valid)
  firstSeq: number;
  ids: Int32Array;
  // per identity: its head and its bucket (bucket-sort.ts HeadTable)
  heads: Uint8Array;
  headAt: Int32Array;
  bucketOf: Int32Array;
}

export interface BucketPartTask {
  dir: string;
  part: number;
  sides: BucketPartSide[];
  // rows the plan did not place are handed back (to be told as unresolved)
  keepUnplaced: boolean;
}

export interface BucketPartOutput {
  // the buckets this part wrote a file of
  buckets: number[];
  unplaced: { side: InputSide; seq: number; line: string }[];
}

export const bucketPartFile = (dir: string, bucket: number, part: number): string =>
  path.join(dir, `bucket-${bucket}-${part}.txt`);

// A bucket's part file holds a few MB: a smaller buffer than a whole
// bucket's, as every thread holds one per bucket at once.
const PART_BUFFER_BYTES = 64 << 10;

export const sortBucketPart = (task: BucketPartTask): BucketPartOutput => {
  const out = new Map<number, LineSpool>();
  const unplaced: BucketPartOutput['unplaced'] = [];
  for (const run of task.sides) {
    const heads = Buffer.from(run.heads.buffer, run.heads.byteOffset, run.heads.byteLength);
    const { ids, headAt, bucketOf } = run;
    let seq = run.firstSeq;
    let line = 0;
    for (const piece of run.pieces) {
      const bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      let start = 0;
      while (start < bytes.length) {
        const end = bytes.indexOf(10, start);
        // (SpoolFile.write counts only pieces of whole lines)
        if (end < 0) throw new Error(`a piece of ${run.side} rows does not end in a newline`);
        const id = ids[line]!;
        if (id >= 0) {
          const b = bucketOf[id]!;
          if (b >= 0) {
            let spool = out.get(b);
            if (spool === undefined) {
              spool = new LineSpool(bucketPartFile(task.dir, b, task.part), PART_BUFFER_BYTES);
              out.set(b, spool);
            }
            spool.numberedLine(heads, headAt[id]!, headAt[id + 1]!, seq, bytes, start, end);
          } else if (b === NOT_PLACED && task.keepUnplaced)
            unplaced.push({ side: run.side, seq, line: bytes.toString('utf8', start, end) });
        }
        seq++;
        line++;
        start = end + 1;
      }
    }
  }
  for (const spool of out.values()) spool.close();
  return { buckets: [...out.keys()].sort((a, b) => a - b), unplaced };
};

// A part as the pool is sent it (lib/worker-pool.ts), named as BucketMessage is.
export interface BucketPartMessage {
  type: 'sort-bucket-part';
  part: BucketPartTask;
}
