import fs from 'node:fs';
import path from 'node:path';
import type { FileIssue } from '@taxrecon/formats';

// What every command of `taxrecon` shares: where it writes, the error that
// stops a run with the file named (exit code 1), and reading an input file.

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}

// A problem that stops the run: named file, what is wrong, exit code 1.
export class Stop extends Error {}

export const cannotRead = (file: string, error: unknown) =>
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
// The read itself is made in libuv's thread, not this one: read at once, the
// register held the main thread about a second (those faults again) while
// the threads finished the statement's first pieces and waited for more.
export const readShared = async (file: string): Promise<Uint8Array> => {
  let handle: fs.promises.FileHandle | null = null;
  try {
    handle = await fs.promises.open(file, 'r');
    const size = (await handle.stat()).size;
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    let at = 0;
    while (at < size) {
      const { bytesRead } = await handle.read(bytes, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return at === size ? bytes : bytes.subarray(0, at);
  } catch (error) {
    throw cannotRead(file, error);
  } finally {
    await handle?.close();
  }
};

// An output file is checked before any work, not after minutes of it: its
// folder exists and can be written, and it is not a folder itself.
export const checkOutput = (file: string, option: string): void => {
  const folder = path.dirname(path.resolve(file));
  let isFolder = false;
  try {
    isFolder = fs.statSync(file).isDirectory();
  } catch {
    // not there yet: it is made at the end
  }
  if (isFolder) throw new Stop(`--${option} ${file}: is a folder; give the name of a file to write`);
  try {
    fs.accessSync(folder, fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Stop(
      code === 'ENOENT'
        ? `--${option} ${file}: the folder ${folder} does not exist`
        : `--${option} ${file}: the folder ${folder} cannot be written (${code})`,
    );
  }
};

export interface ReferenceRead<R> {
  rows: R[];
  errors: FileIssue[];
  warnings: FileIssue[];
}

// A reference file (a master, a mapping): rows with a bad cell are reported
// and left out; a file without its required columns, or with errors and no
// row read, stops the run (a wrong file was named: it must not reconcile as
// though it were empty).
export const readReference = async <R>(
  file: string,
  reader: (bytes: Uint8Array, name: string) => Promise<ReferenceRead<R>>,
  warn: (issue: FileIssue) => void,
): Promise<R[]> => {
  const result = await reader(readInput(file), path.basename(file));
  const fatal = result.errors.filter((e) => e.code === 'MISSING_COLUMN' || e.code === 'EMPTY_FILE');
  if (fatal.length > 0 || (result.rows.length === 0 && result.errors.length > 0))
    throw new Stop(
      `${file}: ${(fatal.length ? fatal : result.errors)
        .slice(0, 5)
        .map((e) => `line ${e.line}: ${e.message.replace(/\.$/, '')}`)
        .join('; ')}`,
    );
  for (const e of result.errors) warn(e);
  for (const w of result.warnings)
    if (w.code !== 'UNKNOWN_COLUMN') warn({ ...w, message: `warning: ${w.message}` });
  return result.rows;
};
