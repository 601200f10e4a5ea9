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

export const splitRawParts = (text: string): RawPart[] => {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const delimiter = lines.some((l) => l.includes('^')) ? '^' : '|';
  const parts: RawPart[] = [{ name: 'Header', heading: 'Annual Tax Statement', rows: [] }];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const m = PART_LINE.exec(line);
    if (m) {
      const heading = line
        .split(delimiter)
        .filter((c) => c.trim() !== '')
        .join(' ')
        .trim();
      parts.push({ name: m[1]!.toUpperCase().replace(/\s+/g, ' '), heading, rows: [] });
      continue;
    }
    const cells = line.split(delimiter);
    // A leading delimiter marks a transaction row under its party: keep the empty first cell.
    while (cells.length > 1 && cells[cells.length - 1] === '') cells.pop();
    parts[parts.length - 1]!.rows.push(cells.map((c) => c.trim()));
  }
  return parts;
};
