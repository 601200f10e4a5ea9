// The growing buffers a thread's line writers (keyed-lines.ts, copy-text.ts)
// fill a piece at a time. A writer holds a piece's lines in one buffer that
// grows as they come, and hands them over copied into a buffer of their own
// size (one that can be moved to another thread). Grown afresh for every
// piece, from 64 KB by doubling, each piece wrote into about three times its
// size of new memory, and on a small virtual machine every new page is a
// fault the kernel serves: a fifth of a `taxrecon reconcile` run's CPU was
// system time (issue 14, session 43: docs/decisions.md). So the grown buffer
// is given back here when its lines are handed over, and the thread's next
// writer starts in memory already touched, at the size pieces need.

// at most this many buffers kept per thread, each at most this big: a
// thread keeps no more than 64 MB it does not use
const SPARE = 4;
const MOST_BYTES = 16 << 20;
const FIRST_BYTES = 64 << 10;

const spare: Buffer[] = [];

// No buffer yet: a writer takes one when it first writes.
export const NO_SCRATCH: Buffer = Buffer.alloc(0);

// Gives a buffer back for the thread's next writer: it must not be written again.
export const giveBack = (buffer: Buffer): void => {
  if (buffer.length > 0 && buffer.length <= MOST_BYTES && spare.length < SPARE && !spare.includes(buffer))
    spare.push(buffer);
};

// `buffer` (of which the first `used` bytes are written), or one with them
// able to hold `need` bytes: a spare when the writer has none yet, else bigger.
export const scratchFor = (buffer: Buffer, used: number, need: number): Buffer => {
  const mine = buffer.length === 0 ? (spare.pop() ?? Buffer.allocUnsafeSlow(FIRST_BYTES)) : buffer;
  if (need <= mine.length) return mine;
  const bigger = Buffer.allocUnsafeSlow(Math.max(2 * mine.length, need));
  mine.copy(bigger, 0, 0, used);
  if (mine !== buffer) giveBack(mine);
  return bigger;
};

// The first `used` bytes of `buffer` in a buffer of their own (not Node's
// shared pool), which can be moved to another thread; `buffer` is given back.
export const handOver = (buffer: Buffer, used: number): Buffer => {
  const bytes = Buffer.allocUnsafeSlow(used);
  buffer.copy(bytes, 0, 0, used);
  giveBack(buffer);
  return bytes;
};

// (tests) how many buffers this thread keeps
export const spareCount = (): number => spare.length;
