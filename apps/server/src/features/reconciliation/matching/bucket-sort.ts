import type { Placement } from '@taxrecon/engine';
import { type BucketPartSide, type BucketPartTask, NOT_PLACED, NOT_WRITTEN } from './bucket-part.ts';
import { VIAS } from './bucket-task.ts';
import { type IdentityIntake, isBook, isBroughtForward } from './identity-intake.ts';
import { decodeBookLine, decodeTaxBookLine } from './source-rows.ts';
import type { LineSpool, SpoolFile } from './spool-files.ts';
import type { InputSide } from './streamed-compute.ts';

// After the plan, the party-at-a-time computation (party-streamed-compute.ts)
// sorts the spooled rows into buckets: runs of whole parties in the plan's
// order, about `bucketRows` rows each, each a file the matching threads read.

export const READING_ORDER: readonly InputSide[] = [
  'taxBook',
  'broughtForwardTaxBook',
  'book',
  'broughtForwardBook',
];
const SIDE_CODE: Record<InputSide, string> = {
  taxBook: 'T',
  broughtForwardTaxBook: 't',
  book: 'B',
  broughtForwardBook: 'b',
};

export interface Bucket {
  // its files: one, or one per part of a sort in threads (bucketPartTasks)
  files: string[];
  // the output ordinals of its parties: [from, to)
  from: number;
  to: number;
}

export interface Placed {
  bookPlaces: Placement[];
  taxBookPlaces: Placement[];
  // the plan's party -> its output ordinal (-1: not written)
  ordinal: number[];
  // the number of parties written
  parties: number;
}

// Runs of parties in output order, about `bucketRows` rows each, and the
// bucket of each ordinal (their files are named as they are sorted).
export const planBuckets = (
  intake: IdentityIntake,
  placed: Placed,
  bucketRows: number,
): { buckets: Bucket[]; bucketOf: Int32Array } => {
  const { ordinal } = placed;
  const rowsOf = new Array<number>(placed.parties).fill(0);
  const count = (identities: readonly { rows: number }[], places: Placement[]) =>
    identities.forEach((identity, id) => {
      const p = places[id]!;
      if (p.placed && ordinal[p.party]! >= 0) rowsOf[ordinal[p.party]!]! += identity.rows;
    });
  count(intake.bookIdentities, placed.bookPlaces);
  count(intake.taxBookIdentities, placed.taxBookPlaces);
  const buckets: Bucket[] = [];
  const bucketOf = new Int32Array(placed.parties);
  let size = 0;
  for (let o = 0; o < placed.parties; o++) {
    if (buckets.length === 0 || size >= bucketRows) {
      buckets.push({ files: [], from: o, to: o });
      size = 0;
    }
    const b = buckets.length - 1;
    buckets[b]!.to = o + 1;
    bucketOf[o] = b;
    size += rowsOf[o]!;
  }
  return { buckets, bucketOf };
};

// Each identity's head (what a bucket line says before its row's number)
// as bytes: all in one buffer, identity `id`'s from headAt[id] to
// headAt[id + 1], and its bucket (NOT_WRITTEN: its party is not written;
// NOT_PLACED: the plan placed it in no party). One buffer, not one per
// identity: at 60,000 parties a buffer each cost more than it saved.
interface HeadTable {
  heads: Buffer;
  headAt: Int32Array;
  bucketOf: Int32Array;
}
const headTable = (side: InputSide, placed: Placed, bucketOfOrdinal: Int32Array): HeadTable => {
  const { ordinal } = placed;
  const places = isBook(side) ? placed.bookPlaces : placed.taxBookPlaces;
  const code = SIDE_CODE[side];
  const bucketOf = new Int32Array(places.length);
  const texts = places.map((p, id) => {
    if (!p.placed) {
      bucketOf[id] = NOT_PLACED;
      return '';
    }
    const o = ordinal[p.party]!;
    bucketOf[id] = o >= 0 ? bucketOfOrdinal[o]! : NOT_WRITTEN;
    return o >= 0 ? `${code}\t${o}\t${p.phase}\t${VIAS.indexOf(p.via)}\t` : '';
  });
  const headAt = new Int32Array(texts.length + 1);
  texts.forEach((t, id) => {
    headAt[id + 1] = headAt[id]! + t.length;
  });
  return { heads: Buffer.from(texts.join(''), 'latin1'), headAt, bucketOf };
};

// A row the plan did not place, told to `intake.left` (when every party is written).
export const leaveUnplaced = (
  intake: IdentityIntake,
  placed: Placed,
  side: InputSide,
  seq: number,
  line: string,
): void => {
  const book = isBook(side);
  const id = intake.ids[side].at(seq);
  const p = (book ? placed.bookPlaces : placed.taxBookPlaces)[id]!;
  if (p.placed) return;
  const row = book ? decodeBookLine(line) : decodeTaxBookLine(line);
  intake.left.addUnplaced(book ? 'book' : 'taxBook', isBroughtForward(side), seq, row, p);
};

// Each row's text goes to its party's bucket as bytes, behind a head saying
// where it goes and how it is ordered there. A row the plan did not place is
// told to `intake.left` when every party is written (`keepUnplaced`).
export const sortIntoBuckets = (
  spools: Record<InputSide, SpoolFile>,
  intake: IdentityIntake,
  placed: Placed,
  bucketOfOrdinal: Int32Array,
  out: LineSpool[],
  keepUnplaced: boolean,
): void => {
  for (const side of READING_ORDER) {
    const ids = intake.ids[side];
    const { heads, headAt, bucketOf } = headTable(side, placed, bucketOfOrdinal);
    let seq = 0;
    spools[side].readLineBytes((bytes, start, end) => {
      const id = ids.at(seq);
      if (id >= 0) {
        const b = bucketOf[id]!;
        if (b >= 0) out[b]!.numberedLine(heads, headAt[id]!, headAt[id + 1]!, seq, bytes, start, end);
        else if (b === NOT_PLACED && keepUnplaced)
          leaveUnplaced(intake, placed, side, seq, bytes.toString('utf8', start, end));
      }
      seq++;
    });
  }
};

// The same sort in the pool's threads (bucket-part.ts), when every side's
// rows are in memory as whole lines counted as they came (the command line's
// way): the pieces are split into `parts` runs of about equal bytes, and
// each run sorted by a thread into its own part of each bucket. A bucket's
// lines may come in any order (the engine orders a party's rows by the
// plan: identity-plan.ts workOf). Null, and nothing taken, when a side's
// rows are on disk or were not counted; the caller then sorts them itself.
// The main thread sorted a million rows in 0.8 s while the threads waited
// (issue 14, session 44).
export const bucketPartTasks = (
  spools: Record<InputSide, SpoolFile>,
  intake: IdentityIntake,
  placed: Placed,
  bucketOfOrdinal: Int32Array,
  parts: number,
  dir: string,
  keepUnplaced: boolean,
): BucketPartTask[] | null => {
  const sides = READING_ORDER.filter((side) => intake.ids[side].length > 0);
  if (!sides.every((side) => spools[side].piecesInMemory)) return null;
  const taken = sides.map((side) => ({ side, ...spools[side].takePieces()! }));
  let total = 0;
  for (const t of taken) for (const p of t.pieces) total += p.length;
  const tasks: BucketPartTask[] = [];
  let bytes = 0;
  // the parts so far hold their share of the bytes: the next piece starts a new one
  const full = () => tasks.length < parts && bytes >= (tasks.length * total) / parts;
  for (const t of taken) {
    const table = headTable(t.side, placed, bucketOfOrdinal);
    const ids = intake.ids[t.side];
    let seq = 0;
    let run: BucketPartSide | null = null;
    for (let k = 0; k < t.pieces.length; k++) {
      if (tasks.length === 0 || full()) {
        tasks.push({ dir, part: tasks.length, sides: [], keepUnplaced });
        run = null;
      }
      if (run === null) {
        run = { side: t.side, pieces: [], movable: [], firstSeq: seq, ids: new Int32Array(0), ...table };
        tasks[tasks.length - 1]!.sides.push(run);
      }
      run.pieces.push(t.pieces[k]!);
      run.movable.push(t.movable[k]!);
      seq += t.lines[k]!;
      bytes += t.pieces[k]!.length;
      // the run ends at the side's end or where a new part starts
      if (k === t.pieces.length - 1 || full()) run.ids = ids.slice(run.firstSeq, seq);
    }
  }
  return tasks;
};

// What a part's message moves rather than copies: the pieces that are the
// whole of their memory.
export const bucketPartTransfer = (task: BucketPartTask): ArrayBuffer[] =>
  task.sides.flatMap((s) => s.pieces.filter((_, k) => s.movable[k]).map((p) => p.buffer as ArrayBuffer));
