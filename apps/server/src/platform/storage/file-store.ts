import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Uploaded originals, kept by content: the key is the SHA-256, so the exact file
// behind every job can be produced for an auditor. A local folder here; the
// interface is what an S3-compatible store would implement.
export interface FileStore {
  // moves a finished temporary file into the store; returns its key
  adopt: (tempPath: string, sha256: string) => Promise<string>;
  read: (key: string) => Promise<Buffer>;
  tempPath: () => string;
}

export const createFileStore = (root: string): FileStore => {
  const tmp = path.join(root, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  let counter = 0;
  return {
    adopt: async (tempPath, sha256) => {
      const key = `${sha256.slice(0, 2)}/${sha256}`;
      const target = path.join(root, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      if (fs.existsSync(target)) await fs.promises.rm(tempPath, { force: true });
      else await fs.promises.rename(tempPath, target);
      return key;
    },
    read: (key) => fs.promises.readFile(path.join(root, key)),
    tempPath: () => path.join(tmp, `${process.pid}-${Date.now()}-${counter++}.part`),
  };
};

export const sha256Stream = () => createHash('sha256');
