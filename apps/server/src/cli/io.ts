import fs from 'node:fs';

// What every command of `taxrecon` shares: where it writes, the error that
// stops a run with the file named (exit code 1), and reading an input file.

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

// A problem that stops the run: named file, what is wrong, exit code 1.
export class Stop extends Error {}

export const readInput = (file: string): Uint8Array => {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new Stop(
      `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
};
