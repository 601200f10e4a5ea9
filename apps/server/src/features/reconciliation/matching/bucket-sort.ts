import type { Placement } from '@taxrecon/engine';
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
  file: string;
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

// Runs of parties in output order, about `bucketRows` rows each, and the bucket of each ordinal.
export const planBuckets = (
  intake: IdentityIntake,
  placed: Placed,
  bucketRows: number,
  fileOf: (bucket: number) => string,
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
      buckets.push({ file: fileOf(buckets.length), from: o, to: o });
      size = 0;
    }
    const b = buckets.length - 1;
    buckets[b]!.to = o + 1;
    bucketOf[o] = b;
    size += rowsOf[o]!;
  }
  return { buckets, bucketOf };
};

// Each row's text goes to its party's bucket as bytes, behind a head saying
// where it goes and how it is ordered there. A row the plan did not place is
// told to `intake.left` when every party is written (`keepUnplaced`).
export const sortIntoBuckets = (
  spools: Record<InputSide, SpoolFile>,
  intake: IdentityIntake,
  placed: Placed,
  bucketOf: Int32Array,
  out: LineSpool[],
  keepUnplaced: boolean,
): void => {
  const { ordinal } = placed;
  for (const side of READING_ORDER) {
    const book = isBook(side);
    const places = book ? placed.bookPlaces : placed.taxBookPlaces;
    const ids = intake.ids[side];
    const code = SIDE_CODE[side];
    // Each identity's head up to its row's number, as bytes: all in one
    // buffer, identity `id`'s from headAt[id] to headAt[id + 1] (none: its
    // party is not written). One buffer, not one per identity: at 60,000
    // parties a buffer each cost more than it saved.
    const texts = places.map((p) =>
      p.placed && ordinal[p.party]! >= 0
        ? `${code}\t${ordinal[p.party]}\t${p.phase}\t${VIAS.indexOf(p.via)}\t`
        : '',
    );
    const headAt = new Int32Array(texts.length + 1);
    texts.forEach((t, id) => {
      headAt[id + 1] = headAt[id]! + t.length;
    });
    const heads = Buffer.from(texts.join(''), 'latin1');
    let seq = 0;
    spools[side].readLineBytes((bytes, start, end) => {
      const id = ids.at(seq);
      if (id >= 0) {
        const p = places[id]!;
        if (!p.placed) {
          if (keepUnplaced) {
            const line = bytes.toString('utf8', start, end);
            const row = book ? decodeBookLine(line) : decodeTaxBookLine(line);
            intake.left.addUnplaced(book ? 'book' : 'taxBook', isBroughtForward(side), seq, row, p);
          }
        } else {
          const from = headAt[id]!;
          const to = headAt[id + 1]!;
          if (to > from)
            out[bucketOf[ordinal[p.party]!]!]!.numberedLine(heads, from, to, seq, bytes, start, end);
        }
      }
      seq++;
    });
  }
};
