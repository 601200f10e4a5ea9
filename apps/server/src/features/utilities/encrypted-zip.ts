import fs from 'node:fs';
import { Writable } from 'node:stream';
import { BlobReader, ZipWriter } from '@zip.js/zip.js';
import type { OutputFile } from './converter-output.ts';

// The converter's output zip: AES-256 (zip.js encryptionStrength 3), never
// ZipCrypto (easily broken), under the password the user chose. Opened with
// 7-Zip, WinRAR or any other AES-capable zip tool. Files are read from and the
// zip written to disk as streams, so a big statement's output is never in memory.
export const writeEncryptedZip = async (
  files: readonly OutputFile[],
  password: string,
  zipPath: string,
): Promise<void> => {
  const out = fs.createWriteStream(zipPath);
  const closed = new Promise<void>((resolve, reject) => {
    out.once('close', resolve);
    out.once('error', reject);
  });
  const writer = new ZipWriter(Writable.toWeb(out), { password, encryptionStrength: 3, zipCrypto: false });
  for (const file of files) await writer.add(file.name, new BlobReader(await fs.openAsBlob(file.path)));
  await writer.close();
  await closed;
};
