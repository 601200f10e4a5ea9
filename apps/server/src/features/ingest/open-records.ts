import {
  decodeText,
  type FileIssue,
  formatOfFile,
  type RawRecord,
  readTable,
  sniffDelimiter,
  streamTable,
  streamXlsxTable,
} from '@taxrecon/formats';
import type { SourceFile } from './form-26as-loader.ts';

// A register's records: text registers (.txt, .csv in UTF-8 or UTF-16) and
// .xlsx sheets are streamed so a million rows never sit in memory; .xls and
// Windows-1252 text are read whole (the streaming reader decodes UTF only).
export interface OpenedRecords {
  headers: string[];
  headerLine: number;
  rows: AsyncIterable<RawRecord> | Iterable<RawRecord>;
  errors: FileIssue[];
  // for a reader that wants the header only: a streamed sheet stops expanding
  stop: () => Promise<void>;
}

export const openRecords = async (file: SourceFile, header: string | undefined): Promise<OpenedRecords> => {
  const format = formatOfFile(file.fileName, file.bytes);
  if (format === 'xlsx') {
    const table = await streamXlsxTable(file.bytes, file.fileName, header ? { header } : {});
    return { ...table, stop: async () => void (await table.rows.return(undefined)) };
  }
  const head = decodeText(file.bytes.subarray(0, 1 << 16));
  const streamable = (format === 'txt' || format === 'csv') && head.encoding !== 'windows-1252';
  if (!streamable) {
    const table = await readTable(file.bytes, file.fileName, header ? { header } : {});
    return {
      headers: table.headers,
      headerLine: table.headerLine,
      rows: table.rows,
      errors: table.errors,
      stop: async () => {},
    };
  }
  const delimiter = sniffDelimiter(head.text, format === 'csv' ? ',' : '\t');
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (let i = 0; i < file.bytes.length; i += 1 << 20) yield file.bytes.subarray(i, i + (1 << 20));
  }
  const table = await streamTable(chunks(), file.fileName, header ? { delimiter, header } : { delimiter });
  return {
    headers: table.headers,
    headerLine: table.headerLine,
    rows: table.rows,
    errors: [],
    stop: async () => void (await table.rows.return(undefined)),
  };
};
