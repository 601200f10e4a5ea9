// The header row as the upload screen takes it: pasted from Excel or Tally, so
// tab-separated. Only the first non-blank line counts.
export const splitHeaderRow = (pasted: string): string[] => {
  const line = pasted.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  return line
    .split('\t')
    .map((h) => h.trim())
    .filter((h) => h !== '');
};

// Exports from accounting software open with title lines (company, report name,
// period) before the column header: the header is the first of the early lines
// about as wide as the widest of them. Quoted cells are unquoted, not parsed.
export const headerRowOfText = (text: string, delimiter: string): string[] => {
  const rows = text
    .split(/\r?\n/)
    .slice(0, 40)
    .map((line) => line.split(delimiter).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1')))
    .filter((cells) => cells.some((c) => c !== ''));
  const width = (cells: string[]) => cells.filter((c) => c !== '').length;
  const early = rows.slice(0, 20);
  const widest = Math.max(0, ...early.map(width));
  const header = early.find((cells) => width(cells) >= Math.max(2, Math.ceil(widest * 0.6)));
  return header?.filter((c) => c !== '') ?? [];
};

// Reads the header row from the start of a .txt (tab) or .csv (comma) register;
// spreadsheets give null (their header is pasted by hand).
export const readHeaderFromFile = async (file: File): Promise<string[] | null> => {
  const extension = file.name.split('.').pop()?.toLowerCase();
  if (extension !== 'txt' && extension !== 'csv') return null;
  const bytes = new Uint8Array(await file.slice(0, 65_536).arrayBuffer());
  // Tally can export UTF-16 text; its byte-order mark says so.
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe;
  const text = new TextDecoder(utf16 ? 'utf-16le' : 'utf-8').decode(bytes);
  return headerRowOfText(text, extension === 'csv' ? ',' : '\t');
};
