import fs from 'node:fs';

// What every command of `taxrecon` shares: where it writes, the error that
// stops a run with the file named (exit code 1), and reading an input file.

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

// A problem that stops the run: named file, what is wrong, exit code 1.
export class Stop extends Error {}

const cannotRead = (file: string, error: unknown) =>
  new Stop(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);

export const readInput = (file: string): Uint8Array => {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw cannotRead(file, error);
  }
};

// A file read into memory the parsing threads share (a SharedArrayBuffer):
// its pieces go to them as views, neither copied out of it nor copied again
// by postMessage (lib/register-cut.ts). Copying a 180 MB register into its
// pieces took the main thread half a second, on a machine where every fresh
// page of memory costs a fault, before the threads had a piece to parse.
export const readShared = (file: string): Uint8Array => {
  let fd: number | null = null;
  try {
    fd = fs.openSync(file, 'r');
    const size = fs.fstatSync(fd).size;
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    let at = 0;
    while (at < size) {
      const n = fs.readSync(fd, bytes, at, size - at, at);
      if (n === 0) break;
      at += n;
    }
    return at === size ? bytes : bytes.subarray(0, at);
  } catch (error) {
    throw cannotRead(file, error);
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
};
