import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// The one door to stored files: uploaded originals, reports and snapshots.
// Features name a file by its key ('reports/<entity>/<job>.zip',
// 'snapshots/<entity>/<id>.jsonl.gz') and never by a path, so a second process,
// or an S3-compatible store implementing this interface, sees the same files.
// Here: a local folder (DATA_DIR). Temporary files (uploads being received,
// COPY spools) are local to the process by nature and live under files/tmp.
export interface FileStore {
  // Uploaded originals, kept by content: the key is the SHA-256, so the exact
  // file behind every job can be produced for an auditor. Moves a finished
  // temporary file into the store; returns its key.
  adopt: (tempPath: string, sha256: string) => Promise<string>;
  // an original's bytes, by the key adopt gave
  read: (key: string) => Promise<Buffer>;
  // Writes a file from a stream, through `through` (e.g. gzip) when given;
  // readers never see a half-written file (it is written under a temporary
  // name and renamed). Answers the size in bytes as stored.
  put: (
    key: string,
    source: Readable | AsyncIterable<Buffer | string>,
    through?: NodeJS.ReadWriteStream,
  ) => Promise<number>;
  // The file as a stream; the stream errors with code ENOENT when it is missing.
  get: (key: string) => Readable;
  exists: (key: string) => Promise<boolean>;
  remove: (key: string) => Promise<void>;
  tempPath: () => string;
  removeTemp: (tempPath: string) => Promise<void>;
  // Removes temporary files older than maxAgeMs (left by a refused upload or a
  // process that died mid-job); answers how many went.
  sweepTemp: (maxAgeMs: number) => Promise<number>;
  // Removes the files under a key prefix (a folder) older than maxAgeMs, and
  // the folders that leaves empty; answers how many files went.
  sweepUnder: (prefix: string, maxAgeMs: number) => Promise<number>;
}

// A temporary file untouched this long belongs to no live upload or job: uploads
// and spools write continuously, and a load streams its spool within minutes.
export const TEMP_MAX_AGE_MS = 60 * 60 * 1000;

// Files a job made only to e-mail them (the 26AS converter's zip, the diff's
// workbook) live until the send-email job has had every retry: a week is far
// beyond that, and the user's data does not stay on the server for good.
export const MAIL_OUTPUT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const ORIGINALS = 'files';

// Keys are relative, forward-slash paths without '..' (they come from our own
// code, but a wrong one must never escape the store).
const safeKey = (key: string): string => {
  const parts = key.split('/');
  if (key === '' || key.startsWith('/') || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new Error(`not a file store key: ${key}`);
  }
  return key;
};

export const createFileStore = (root: string): FileStore => {
  const tmp = path.join(root, ORIGINALS, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const fileOf = (key: string) => path.join(root, ...safeKey(key).split('/'));
  const tempPath = () => path.join(tmp, `${process.pid}-${randomUUID()}.part`);
  return {
    adopt: async (temp, sha256) => {
      const key = `${sha256.slice(0, 2)}/${sha256}`;
      const target = fileOf(`${ORIGINALS}/${key}`);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      if (fs.existsSync(target)) await fs.promises.rm(temp, { force: true });
      else await fs.promises.rename(temp, target);
      return key;
    },
    read: (key) => fs.promises.readFile(fileOf(`${ORIGINALS}/${key}`)),
    put: async (key, source, through) => {
      const target = fileOf(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const partial = tempPath();
      try {
        const input = source instanceof Readable ? source : Readable.from(source);
        if (through) await pipeline(input, through, fs.createWriteStream(partial));
        else await pipeline(input, fs.createWriteStream(partial));
        const { size } = await fs.promises.stat(partial);
        await fs.promises.rename(partial, target);
        return size;
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },
    get: (key) => fs.createReadStream(fileOf(key)),
    exists: async (key) =>
      fs.promises.access(fileOf(key)).then(
        () => true,
        () => false,
      ),
    remove: (key) => fs.promises.rm(fileOf(key), { force: true }),
    tempPath,
    removeTemp: (temp) => fs.promises.rm(temp, { force: true }),
    sweepTemp: async (maxAgeMs) => {
      const before = Date.now() - maxAgeMs;
      let removed = 0;
      for (const name of await fs.promises.readdir(tmp)) {
        const file = path.join(tmp, name);
        const stat = await fs.promises.stat(file).catch(() => null);
        if (stat?.isFile() && stat.mtimeMs < before) {
          await fs.promises.rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
    sweepUnder: async (prefix, maxAgeMs) => {
      const before = Date.now() - maxAgeMs;
      const sweep = async (dir: string): Promise<number> => {
        const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
        let removed = 0;
        for (const entry of entries) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            removed += await sweep(file);
            // only an empty folder goes; a file written meanwhile keeps it
            await fs.promises.rmdir(file).catch(() => undefined);
          } else {
            const stat = await fs.promises.stat(file).catch(() => null);
            if (stat?.isFile() && stat.mtimeMs < before) {
              await fs.promises.rm(file, { force: true });
              removed += 1;
            }
          }
        }
        return removed;
      };
      return sweep(fileOf(prefix));
    },
  };
};

export const sha256Stream = () => createHash('sha256');
