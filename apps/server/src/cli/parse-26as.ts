import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  type Form26asResult,
  form26asToCsv,
  form26asToJson,
  formatIssue,
  openTracesZip,
  parse26asText,
} from '@taxrecon/formats';
import type { Io } from './io.ts';

export const PARSE_26AS_USAGE = `Usage: taxrecon parse-26as FILE... [--json|--csv] [--password DDMMYYYY]

Reads TRACES Form 26AS text files (.txt) or TRACES downloads (.zip, protected
with the date of birth or incorporation as DDMMYYYY) and writes Part I (TDS)
and Part VI (TCS) to standard output:
  --json  (default) {"format":"taxrecon-26as","version":1,"files":[...]} with,
          per file, the header, tds and tcs parts (parties with their totals
          and transactions), other parts, errors and warnings; amounts in
          rupees with two decimals.
  --csv   one line per transaction: part,tan,name,section,transactionDate,
          status,bookingDate,remarks,amount,tax,deposited,file,line
Problems go to standard error as FILE:LINE: CODE: message. The exit code is 1
when a file could not be read at all, 2 for wrong arguments, otherwise 0.
`;

type Options = { files: string[]; format: 'json' | 'csv'; password: string; help: boolean };

const parseArgs = (args: readonly string[]): Options | string => {
  const options: Options = { files: [], format: 'json', password: '', help: false };
  const formats = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--json' || arg === '--csv') formats.add(arg.slice(2));
    else if (arg === '--help' || arg === '-h') options.help = true;
    else if (arg === '--password') {
      const value = args[++i];
      if (value === undefined) return '--password needs a value (DDMMYYYY)';
      options.password = value;
    } else if (arg.startsWith('--password=')) options.password = arg.slice('--password='.length);
    else if (arg.startsWith('-') && arg !== '-') return `unknown option ${arg}`;
    else options.files.push(arg);
  }
  if (formats.size > 1) return 'give either --json or --csv, not both';
  if (formats.has('csv')) options.format = 'csv';
  if (options.files.length === 0 && !options.help) return 'no FILE given';
  return options;
};

const isZip = (file: string, bytes: Uint8Array): boolean =>
  /\.zip$/i.test(file) || (bytes[0] === 0x50 && bytes[1] === 0x4b);

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// `taxrecon parse-26as`: a thin shell over @taxrecon/formats for scripts and
// for checking a statement by hand.
export async function parse26asCommand(args: string[], io: Io): Promise<number> {
  const options = parseArgs(args);
  if (typeof options === 'string') {
    io.stderr(`parse-26as: ${options}\n${PARSE_26AS_USAGE}`);
    return 2;
  }
  if (options.help) {
    io.stdout(PARSE_26AS_USAGE);
    return 0;
  }
  const results: Form26asResult[] = [];
  let unreadable = false;
  for (const file of options.files) {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(file);
    } catch (error) {
      io.stderr(`${file}: cannot read the file: ${messageOf(error)}\n`);
      unreadable = true;
      continue;
    }
    if (isZip(file, bytes)) {
      const zip = await openTracesZip(bytes, options.password);
      if (!zip.ok) {
        io.stderr(`${file}: ${zip.code}: ${zip.message}\n`);
        unreadable = true;
        continue;
      }
      for (const inner of zip.files) results.push(parse26asText(inner.data, basename(inner.name)));
    } else {
      results.push(parse26asText(bytes, basename(file)));
    }
  }
  for (const result of results) {
    for (const e of result.errors) io.stderr(`${formatIssue(e)}\n`);
    for (const w of result.warnings) io.stderr(`warning: ${formatIssue(w)}\n`);
    if (result.errors.some((e) => e.code === 'NOT_FORM_26AS')) unreadable = true;
  }
  io.stdout(options.format === 'csv' ? form26asToCsv(results) : form26asToJson(results));
  return unreadable ? 1 : 0;
}
