import {
  configure,
  type Entry,
  ERR_ENCRYPTED,
  ERR_INVALID_CRC32,
  Uint8ArrayReader,
  Uint8ArrayWriter,
  ZipReader,
  ZipWriter,
} from '@zip.js/zip.js';
import {
  readZipEntryCapped,
  ZIP_LIMITS,
  ZipLimitError,
  type ZipLimits,
  zipEntriesRefusal,
} from '../zip/zip-limits.ts';

// Node has no web workers for zip.js; decompress in this thread (parsing runs
// in a worker thread already, see ARCHITECTURE.md).
configure({ useWebWorkers: false });

export interface TracesZipFile {
  name: string;
  data: Uint8Array;
}

export type TracesZipErrorCode =
  | 'NOT_A_ZIP'
  | 'PASSWORD_REQUIRED'
  | 'WRONG_PASSWORD'
  | 'DAMAGED_ZIP'
  | 'ZIP_TOO_LARGE'
  | 'NO_TEXT_FILES';

export type TracesZipResult =
  | { ok: true; files: TracesZipFile[] }
  | { ok: false; code: TracesZipErrorCode; message: string };

const INVALID_PASSWORD = 'Invalid password';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const failure = (code: TracesZipErrorCode, message: string): TracesZipResult => ({
  ok: false,
  code,
  message,
});

const readEntry = async (
  zipName: string,
  entry: Entry,
  password: string,
  before: number,
  limits: ZipLimits,
): Promise<Uint8Array | TracesZipResult> => {
  if (entry.directory) return new Uint8Array();
  try {
    return await readZipEntryCapped(zipName, entry, before, entry.encrypted ? { password } : {}, limits);
  } catch (error) {
    if (error instanceof ZipLimitError) return failure('ZIP_TOO_LARGE', error.message);
    const text = messageOf(error);
    if (text === ERR_ENCRYPTED || (entry.encrypted && password === '')) {
      return failure(
        'PASSWORD_REQUIRED',
        'The zip is password protected: give the password (DDMMYYYY, the date of birth or incorporation).',
      );
    }
    // ZipCrypto checks the password with one byte only, so a wrong password
    // may also surface as a bad checksum.
    if (text === INVALID_PASSWORD || (entry.encrypted && text === ERR_INVALID_CRC32)) {
      return failure(
        'WRONG_PASSWORD',
        `Wrong password for ${entry.filename}: TRACES uses the date of birth or incorporation as DDMMYYYY.`,
      );
    }
    return failure('DAMAGED_ZIP', `Could not read ${entry.filename} from the zip: ${text}.`);
  }
};

// A TRACES download: a zip, protected with the holder's date of birth or
// incorporation (DDMMYYYY), holding one or more 26AS .txt files (big
// statements are split at 20,000 transactions per file).
// Entries are checked against the limits (zip-limits.ts) by their headers
// before any is expanded, and again while each expands.
export const openTracesZip = async (
  zip: Uint8Array,
  password: string,
  options: { name?: string; limits?: ZipLimits } = {},
): Promise<TracesZipResult> => {
  const zipName = options.name ?? 'The zip';
  const limits = options.limits ?? ZIP_LIMITS;
  let entries: Entry[];
  const reader = new ZipReader(new Uint8ArrayReader(zip));
  try {
    entries = await reader.getEntries();
  } catch (error) {
    return failure('NOT_A_ZIP', `Not a readable zip file: ${messageOf(error)}.`);
  }
  const texts = entries.filter((entry) => !entry.directory && /\.txt$/i.test(entry.filename));
  const refusal = zipEntriesRefusal(zipName, texts, limits);
  if (refusal) {
    await reader.close();
    return failure('ZIP_TOO_LARGE', refusal);
  }
  const files: TracesZipFile[] = [];
  let expanded = 0;
  try {
    for (const entry of texts) {
      const data = await readEntry(zipName, entry, password, expanded, limits);
      if (!(data instanceof Uint8Array)) return data;
      expanded += data.length;
      files.push({ name: entry.filename, data });
    }
  } finally {
    await reader.close();
  }
  if (files.length === 0) return failure('NO_TEXT_FILES', 'The zip holds no .txt file.');
  return { ok: true, files };
};

// A password-protected zip (AES-256), as the 26AS converter hands its output
// back; ZipCrypto only when a reader cannot open AES (it is easily broken).
export const writeEncryptedZip = async (
  files: readonly TracesZipFile[],
  password: string,
  options: { zipCrypto?: boolean } = {},
): Promise<Uint8Array> => {
  const writer = new ZipWriter(new Uint8ArrayWriter(), { password, zipCrypto: options.zipCrypto === true });
  for (const file of files) await writer.add(file.name, new Uint8ArrayReader(file.data));
  return writer.close();
};
