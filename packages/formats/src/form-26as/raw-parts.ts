// Every part of a Form 26AS text file as rows of cells, for the converter
// (one sheet or csv per part): the header block, PART-I to PART-X (or the
// pre-2020 and Form 168 parts) exactly as the statement has them, so parts
// the reconciliation does not model are converted too.

export interface RawPart {
  // 'Header', then the part as its heading names it: 'PART-I', 'PART A2'...
  name: string;
  heading: string;
  rows: string[][];
}

const PART_LINE = /^\^?(PART[\s-]*[A-Z0-9()]+(?:\([a-z]\))?)/i;

export type RawPartEvent = { kind: 'part'; name: string; heading: string } | { kind: 'row'; cells: string[] };

const HEADER_PART: RawPartEvent = { kind: 'part', name: 'Header', heading: 'Annual Tax Statement' };

// One line: a part heading, a row of cells, or nothing (blank).
const rawLine = (line: string, delimiter: '^' | '|'): RawPartEvent | null => {
  if (line.trim() === '') return null;
  const m = PART_LINE.exec(line);
  if (m) {
    const heading = line
      .split(delimiter)
      .filter((c) => c.trim() !== '')
      .join(' ')
      .trim();
    return { kind: 'part', name: m[1]!.toUpperCase().replace(/\s+/g, ' '), heading };
  }
  const cells = line.split(delimiter);
  // A leading delimiter marks a transaction row under its party: keep the empty first cell.
  while (cells.length > 1 && cells[cells.length - 1] === '') cells.pop();
  return { kind: 'row', cells: cells.map((c) => c.trim()) };
};

export const splitRawParts = (text: string): RawPart[] => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const delimiter = lines.some((l) => l.includes('^')) ? '^' : '|';
  const parts: RawPart[] = [{ name: 'Header', heading: 'Annual Tax Statement', rows: [] }];
  for (const line of lines) {
    const event = rawLine(line, delimiter);
    if (event?.kind === 'part') parts.push({ name: event.name, heading: event.heading, rows: [] });
    else if (event) parts[parts.length - 1]!.rows.push(event.cells);
  }
  return parts;
};

// The same parts as events, one line at a time, for statements too big to hold
// split in memory (the converter takes 200,000,000 bytes). The Header part
// comes first; the delimiter is the first of '^' and '|' a line carries (a
// TRACES file uses one throughout; lines before it hold neither, so split alike).
export async function* readRawParts(lines: AsyncIterable<string>): AsyncGenerator<RawPartEvent> {
  yield HEADER_PART;
  let delimiter: '^' | '|' | null = null;
  let first = true;
  for await (const raw of lines) {
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (first && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    first = false;
    if (delimiter === null) {
      const caret = line.indexOf('^');
      const pipe = line.indexOf('|');
      if (caret >= 0 || pipe >= 0) delimiter = caret >= 0 && (pipe < 0 || caret < pipe) ? '^' : '|';
    }
    const event = rawLine(line, delimiter ?? '^');
    if (event) yield event;
  }
}
