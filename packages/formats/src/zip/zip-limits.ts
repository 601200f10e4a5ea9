import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type Entry, type FileEntry, Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js';

// Every zip we read (TRACES 26AS downloads, bulk updates, spreadsheets) is
// capped before and while it is expanded: a 1 MB zip can hold a 1 GiB entry of
// zeros, and the entry is then held in memory and decoded to one string.
// V8 cannot hold a string above about 512 MiB, and a 26AS text of a big company
// is a few hundred MB at most (TRACES splits it at 20,000 transactions per
// file), so an entry may expand to 256 MiB and a whole zip to 512 MiB.
export interface ZipLimits {
  maxEntryBytes: number;
  maxTotalBytes: number;
  // expanded / compressed size; text compresses 5-20:1, a zip bomb ~1000:1
  maxRatio: number;
  // the ratio is not checked below this expanded size (a small, very
  // repetitive file is harmless whatever its ratio)
  ratioFloorBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 16 * 1024 * 1024,
};

export const ZIP_TOO_LARGE = 'ZIP_TOO_LARGE';

// The limits are whole mebibytes, which a person reads more easily than 26,84,35,456 bytes.
const bytes = (n: number): string =>
  n % 1_048_576 === 0
    ? `${(n / 1_048_576).toLocaleString('en-IN')} MB`
    : `${n.toLocaleString('en-IN')} bytes`;

// Thrown only while an entry streams out larger than its header said (the
// header checks run first); carries the same message as those checks.
export class ZipLimitError extends Error {
  readonly code = ZIP_TOO_LARGE;
}

// Why an entry that expands to `size` bytes may not be read, or null. `before`
// is what earlier entries of the same zip expanded to.
export const zipEntryRefusal = (
  zipName: string,
  entry: { filename: string; compressedSize: number },
  size: number,
  before: number,
  limits: ZipLimits = ZIP_LIMITS,
  // what to do instead, when one file in the zip is too big
  tooBig = 'split the statement or upload the .txt',
): string | null => {
  if (size > limits.maxEntryBytes) {
    return `${zipName}: ${entry.filename} expands to more than ${bytes(limits.maxEntryBytes)}, the limit for one file in a zip; ${tooBig}.`;
  }
  if (before + size > limits.maxTotalBytes) {
    return `${zipName}: the files in the zip expand to more than ${bytes(limits.maxTotalBytes)} together (limit reached at ${entry.filename}); upload fewer files per zip.`;
  }
  const ratio = size / Math.max(1, entry.compressedSize);
  if (size > limits.ratioFloorBytes && ratio > limits.maxRatio) {
    return `${zipName}: ${entry.filename} expands ${Math.floor(ratio)} times (limit ${limits.maxRatio} times); the zip looks like a zip bomb and is not read.`;
  }
  return null;
};

// Checks every entry's declared size before anything is expanded; null when all pass.
export const zipEntriesRefusal = (
  zipName: string,
  entries: readonly Entry[],
  limits: ZipLimits = ZIP_LIMITS,
  tooBig?: string,
): string | null => {
  let total = 0;
  for (const entry of entries) {
    if (entry.directory) continue;
    const refusal = zipEntryRefusal(zipName, entry, entry.uncompressedSize, total, limits, tooBig);
    if (refusal) return refusal;
    total += entry.uncompressedSize;
  }
  return null;
};

// Collects an entry's bytes, stopping with ZipLimitError as soon as they pass
// the limits, whatever the header declared.
class CappedWriter extends Uint8ArrayWriter {
  private written = 0;

  constructor(
    private readonly check: (size: number) => string | null,
    private readonly declared: number,
  ) {
    super();
  }

  override async init(size?: number): Promise<void> {
    // never pre-allocate more than the header's (already checked) size
    await super.init?.(Math.min(size ?? 0, this.declared));
  }

  override async writeUint8Array(chunk: Uint8Array): Promise<void> {
    this.written += chunk.length;
    const refusal = this.check(this.written);
    if (refusal) throw new ZipLimitError(refusal);
    await super.writeUint8Array(chunk);
  }
}

// Reads one entry within the limits; `before` is what earlier entries of the
// same zip expanded to. Throws ZipLimitError when the limits are passed.
export const readZipEntryCapped = async (
  zipName: string,
  entry: Entry,
  before: number,
  options: { password?: string } = {},
  limits: ZipLimits = ZIP_LIMITS,
): Promise<Uint8Array> => {
  if (entry.directory || !entry.getData) return new Uint8Array();
  const declared = zipEntryRefusal(zipName, entry, entry.uncompressedSize, before, limits);
  if (declared) throw new ZipLimitError(declared);
  const writer = new CappedWriter(
    (size) => zipEntryRefusal(zipName, entry, size, before, limits),
    entry.uncompressedSize,
  );
  return entry.getData(writer, options.password === undefined ? {} : { password: options.password });
};

// For zips expanded part by part elsewhere (an .xlsx's sheets): the declared sizes are
// checked here first. Null when they pass or when the bytes are no zip (the
// reader then says so in its own words).
export const zipBytesRefusal = async (
  zipName: string,
  zip: Uint8Array,
  limits: ZipLimits = ZIP_LIMITS,
  tooBig?: string,
): Promise<string | null> => {
  const reader = new ZipReader(new Uint8ArrayReader(zip));
  try {
    return zipEntriesRefusal(zipName, await reader.getEntries(), limits, tooBig);
  } catch {
    return null;
  } finally {
    await reader.close();
  }
};

// Where an entry's compressed data starts: after its local header, whose
// name and extra field may differ in length from the central directory's.
const dataStart = (zip: Uint8Array, entry: Entry): number => {
  const at = entry.offset;
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (at + 30 > zip.length || view.getUint32(at, true) !== 0x04034b50)
    throw new Error(`the zip's entry for ${entry.filename} is missing`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > zip.length) throw new Error(`${entry.filename} is cut short`);
  return start;
};

const SLICE = 1 << 20;

async function* slices(data: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < data.length; i += SLICE) yield data.subarray(i, i + SLICE);
}

// Node's zlib, in 1 MB pieces, expands a 140 MB sheet in a quarter of a
// second; zip.js's getData took 2.5 s for it (its web streams pass small
// chunks through several hops). zip.js still reads the directory, and
// expands what is neither stored nor deflated.
async function* expanded(zip: Uint8Array, entry: Entry): AsyncGenerator<Uint8Array> {
  const method = (entry as { compressionMethod?: number }).compressionMethod;
  if (entry.encrypted || (method !== 0 && method !== 8)) {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const done = (entry as FileEntry).getData(writable);
    // damaged data rejects here without erroring the stream: every read races it
    const failed = done.then(() => new Promise<never>(() => {}));
    failed.catch(() => {});
    const reader = readable.getReader();
    try {
      for (;;) {
        const next = await Promise.race([reader.read(), failed]);
        if (next.done) break;
        yield next.value;
      }
      await done;
    } finally {
      await reader.cancel().catch(() => {});
      await done.catch(() => {});
    }
    return;
  }
  const start = dataStart(zip, entry);
  const data = zip.subarray(start, start + entry.compressedSize);
  let crc = 0;
  if (method === 0) {
    for await (const piece of slices(data)) {
      crc = zlib.crc32(piece, crc);
      yield piece;
    }
  } else {
    const inflate = Readable.from(slices(data)).pipe(zlib.createInflateRaw({ chunkSize: SLICE }));
    try {
      for await (const piece of inflate as AsyncIterable<Buffer>) {
        crc = zlib.crc32(piece, crc);
        yield piece;
      }
    } finally {
      inflate.destroy();
    }
  }
  if (entry.signature !== undefined && crc >>> 0 !== entry.signature >>> 0)
    throw new Error(`${entry.filename} does not match its checksum`);
}

// An entry's bytes as they expand, for a reader that does not hold them (an
// .xlsx sheet scanned row by row): checked against the limits as they come,
// so a bomb stops at the limit. `zip` is the whole zip's bytes.
export async function* streamZipEntryCapped(
  zipName: string,
  zip: Uint8Array,
  entry: Entry,
  before: number,
  limits: ZipLimits,
  tooBig?: string,
): AsyncGenerator<Uint8Array> {
  if (entry.directory) return;
  const declared = zipEntryRefusal(zipName, entry, entry.uncompressedSize, before, limits, tooBig);
  if (declared) throw new ZipLimitError(declared);
  let size = 0;
  for await (const piece of expanded(zip, entry)) {
    size += piece.length;
    const refusal = zipEntryRefusal(zipName, entry, size, before, limits, tooBig);
    if (refusal) throw new ZipLimitError(refusal);
    yield piece;
  }
}
