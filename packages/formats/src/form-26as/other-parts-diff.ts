import { modelledPartOf, parsePartHeading } from './headings.ts';

// The parts of a 26AS the reconciliation does not model (Part II 15G/15H,
// Part III, Part IV 194IA and the rest) compared row by row, so the diff
// reports them instead of dropping them (DOMAIN 2). A row is the same in both
// statements when its cells agree, the serial number aside (a row added
// above renumbers the rest); identical rows pair once each.

export interface OtherPartRow {
  part: string;
  heading: string;
  line: number;
  cells: string[];
}

export interface OtherRowDiff extends OtherPartRow {
  kind: 'added' | 'removed';
}

const NOTHING = /^no\s+transactions?\s+present\.?$/i;

// The rows of the parts not modelled, read a line at a time (a statement may
// be 200,000,000 bytes; Part I's rows are passed over, not kept).
export const otherPartRows = async (lines: AsyncIterable<string>): Promise<OtherPartRow[]> => {
  const rows: OtherPartRow[] = [];
  let delimiter: '^' | '|' | null = null;
  let current: { part: string; heading: string } | null = null;
  let n = 0;
  for await (const raw of lines) {
    n++;
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (n === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    if (delimiter === null) {
      const caret = line.indexOf('^');
      const pipe = line.indexOf('|');
      if (caret >= 0 || pipe >= 0) delimiter = caret >= 0 && (pipe < 0 || caret < pipe) ? '^' : '|';
    }
    const heading = parsePartHeading(line, delimiter ?? '^');
    if (heading) {
      current = modelledPartOf(heading.part) ? null : heading;
      continue;
    }
    if (current === null || line.trim() === '') continue;
    const cells = line.split(delimiter ?? '^').map((c) => c.trim());
    while (cells.length > 1 && cells[cells.length - 1] === '') cells.pop();
    if (NOTHING.test(cells.join(' ').trim())) continue;
    rows.push({ part: current.part, heading: current.heading, line: n, cells });
  }
  return rows;
};

const keyOf = (r: OtherPartRow): string =>
  `${r.part}\u0001${(/^\d+$/.test(r.cells[0] ?? '') ? r.cells.slice(1) : r.cells).join('\u0001')}`;

// Rows only in the earlier statement (removed) and only in the later (added),
// in the order of the statements.
export const diffOtherParts = (
  before: readonly OtherPartRow[],
  after: readonly OtherPartRow[],
): OtherRowDiff[] => {
  const waiting = new Map<string, OtherPartRow[]>();
  for (const r of before) {
    const key = keyOf(r);
    const list = waiting.get(key);
    if (list) list.push(r);
    else waiting.set(key, [r]);
  }
  const added: OtherRowDiff[] = [];
  for (const r of after) {
    const list = waiting.get(keyOf(r));
    if (list && list.length > 0) list.shift();
    else added.push({ ...r, kind: 'added' });
  }
  const removed: OtherRowDiff[] = [];
  for (const list of waiting.values()) for (const r of list) removed.push({ ...r, kind: 'removed' });
  removed.sort((a, b) => a.line - b.line);
  return [...removed, ...added];
};
