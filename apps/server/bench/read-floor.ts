import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

// The floor under any reconciler written in JavaScript on this machine: the
// input files read into memory and every line cut into its fields on the
// machine's cores, with two amounts of each line read as paise. No cell is
// checked, no date or name read, no party found, nothing matched or written.
// The benchmark prints it beside the DuckDB baseline, so the aim
// (within 3 times DuckDB) can be read against what is left once the input is
// only looked at.

export interface FloorFile {
  path: string;
  // the byte between fields: tab for the register, '^' for the statement
  delimiter: number;
  // the two fields (0-based) read as paise on every line
  amounts: readonly [number, number];
}

export interface FloorResult {
  seconds: number;
  lines: number;
  // the sum of every amount read, in paise: what the scan produced, so no
  // engine could drop it as unused
  paise: number;
}

// The thread's loop, as plain JavaScript: workers given TypeScript would need
// a loader, and the loop is the thing measured. Digits of an amount field are
// taken as paise ("14,950.00" and "14950.00" alike); other bytes are skipped.
const SCAN = `
const { parentPort, workerData } = require('node:worker_threads');
let lines = 0, paise = 0;
for (const part of workerData.parts) {
  const bytes = new Uint8Array(part.buffer);
  const sep = part.delimiter, a = part.amounts[0], b = part.amounts[1];
  let field = 0, amount = 0;
  for (let i = part.from; i < part.to; i++) {
    const c = bytes[i];
    if (c === 10) { lines++; paise += amount; field = 0; amount = 0; }
    else if (c === sep) field++;
    else if ((field === a || field === b) && c >= 48 && c <= 57) amount = amount * 10 + (c - 48);
  }
  paise += amount;
}
parentPort.postMessage({ lines, paise });
`;

interface Part {
  buffer: SharedArrayBuffer;
  from: number;
  to: number;
  delimiter: number;
  amounts: readonly [number, number];
}

// A file read straight into shared memory (no second copy for the threads).
const readShared = (file: string): SharedArrayBuffer => {
  const size = fs.statSync(file).size;
  const buffer = new SharedArrayBuffer(size);
  const view = new Uint8Array(buffer);
  const fd = fs.openSync(file, 'r');
  try {
    let at = 0;
    while (at < size) {
      const read = fs.readSync(fd, view, at, size - at, at);
      if (read === 0) throw new Error(`${file}: ended after ${at} of ${size} bytes`);
      at += read;
    }
  } finally {
    fs.closeSync(fd);
  }
  return buffer;
};

// [from, to) ranges of about equal size, each ending after a newline.
const lineRanges = (bytes: Uint8Array, count: number): [number, number][] => {
  const ranges: [number, number][] = [];
  let from = 0;
  for (let k = 1; k <= count && from < bytes.length; k++) {
    let to = k === count ? bytes.length : Math.max(from, Math.floor((bytes.length * k) / count));
    while (to < bytes.length && bytes[to - 1] !== 10) to++;
    if (to > from) ranges.push([from, to]);
    from = to;
  }
  return ranges;
};

export const readFloor = async (files: readonly FloorFile[], threads: number): Promise<FloorResult> => {
  const started = performance.now();
  const parts: Part[][] = Array.from({ length: threads }, () => []);
  for (const f of files) {
    const buffer = readShared(f.path);
    lineRanges(new Uint8Array(buffer), threads).forEach(([from, to], k) => {
      parts[k]!.push({ buffer, from, to, delimiter: f.delimiter, amounts: f.amounts });
    });
  }
  const results = await Promise.all(
    parts.map(
      (own) =>
        new Promise<{ lines: number; paise: number }>((resolve, reject) => {
          const worker = new Worker(SCAN, { eval: true, workerData: { parts: own } });
          worker.once('message', (m: { lines: number; paise: number }) => {
            resolve(m);
            void worker.terminate();
          });
          worker.once('error', reject);
        }),
    ),
  );
  return {
    seconds: (performance.now() - started) / 1000,
    lines: results.reduce((n, r) => n + r.lines, 0),
    paise: results.reduce((n, r) => n + r.paise, 0),
  };
};
