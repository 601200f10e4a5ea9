import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileStore } from './file-store.ts';

const roots: string[] = [];
const freshStore = () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'taxrecon-files-'));
  roots.push(root);
  return { root, store: createFileStore(root) };
};
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

const age = (root: string, key: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  fs.utimesSync(path.join(root, ...key.split('/')), when, when);
};

describe('sweepUnder', () => {
  it('removes only the old files under the prefix and the folders left empty', async () => {
    const { root, store } = freshStore();
    const day = 24 * 60 * 60 * 1000;
    await store.put('utilities/job-1/old.zip', Readable.from(['old']));
    await store.put('utilities/job-2/new.zip', Readable.from(['new']));
    await store.put('utilities/job-3/old.xlsx', Readable.from(['old']));
    await store.put('utilities/job-3/new.xlsx', Readable.from(['new']));
    await store.put('reports/old.xlsx', Readable.from(['kept: not under the prefix']));
    age(root, 'utilities/job-1/old.zip', 8 * day);
    age(root, 'utilities/job-3/old.xlsx', 8 * day);
    age(root, 'reports/old.xlsx', 8 * day);

    expect(await store.sweepUnder('utilities', 7 * day)).toBe(2);

    expect(await store.exists('utilities/job-1/old.zip')).toBe(false);
    expect(fs.existsSync(path.join(root, 'utilities', 'job-1'))).toBe(false);
    expect(await store.exists('utilities/job-2/new.zip')).toBe(true);
    expect(await store.exists('utilities/job-3/old.xlsx')).toBe(false);
    expect(await store.exists('utilities/job-3/new.xlsx')).toBe(true);
    expect(await store.exists('reports/old.xlsx')).toBe(true);
  });

  it('answers 0 when the folder does not exist yet', async () => {
    const { store } = freshStore();
    expect(await store.sweepUnder('utilities', 1000)).toBe(0);
  });

  it('refuses a key that would leave the store', async () => {
    const { store } = freshStore();
    await expect(store.sweepUnder('../etc', 1000)).rejects.toThrow(/not a file store key/);
  });
});
