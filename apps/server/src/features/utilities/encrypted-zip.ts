import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from '@zip.js/zip.js';
import type { OutputFile } from './converter-output.ts';

// The converter's output zip: AES-256 (zip.js encryptionStrength 3), never
// ZipCrypto (easily broken), under the password the user chose. Opened with
// 7-Zip, WinRAR or any other AES-capable zip tool.
export const encryptedZip = async (files: readonly OutputFile[], password: string): Promise<Uint8Array> => {
  const writer = new ZipWriter(new Uint8ArrayWriter(), {
    password,
    encryptionStrength: 3,
    zipCrypto: false,
  });
  for (const file of files) await writer.add(file.name, new Uint8ArrayReader(file.data));
  return writer.close();
};
