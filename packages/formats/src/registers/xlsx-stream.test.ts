import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sheetGrid, sheetXmlOf, workbookOf, zipOfParts, zipParts } from '../testing/xlsx-workbooks.ts';
import { ZIP_LIMITS } from '../zip/zip-limits.ts';
import type { RawRecord } from './delimited.ts';
import { mergedRanges, readXlsxSheet, sheetRecords } from './xlsx-sheet.ts';
import { streamSheetRecords, streamXlsxSheet } from './xlsx-stream.ts';
import type { SheetContext } from './xlsx-workbook.ts';

const all = async (records: AsyncIterable<RawRecord>): Promise<RawRecord[]> => {
  const out: RawRecord[] = [];
  for await (const r of records) out.push(r);
  return out;
};

// The XML cut into pieces of the given sizes (cycled), as a zip stream may
// cut it: inside a tag, a character reference or a multi-byte character.
async function* pieces(xml: string, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(xml);
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!;
    yield bytes.slice(at, at + size);
    at += size;
  }
}

const CTX: SheetContext = { strings: ['shared & <one>', 'टाटा'], dates: [false, true], date1904: false };

// A sheet's XML with rows left out, cells by reference and without, and
// merged ranges that do not overlap (Excel refuses overlapping ones).
const cell = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }).map((n) => `<v>${n / 100}</v>`),
  fc.constantFrom('t="s"><v>0</v>', 't="s"><v>1</v>', 't="b"><v>1</v>', 's="1"><v>45384</v>'),
  fc.constantFrom('t="inlineStr"><is><t>a &amp; b</t></is>', 't="str"><v>x&lt;y</v>', ''),
);
const xmlSheet = fc
  .record({
    rows: fc.array(
      fc.record({ gap: fc.nat(3), cells: fc.array(fc.option(cell), { maxLength: 5 }), empty: fc.boolean() }),
      { maxLength: 15 },
    ),
    merges: fc.array(
      fc.record({
        row: fc.integer({ min: 1, max: 40 }),
        col: fc.integer({ min: 1, max: 6 }),
        h: fc.nat(4),
        w: fc.nat(3),
      }),
      { maxLength: 5 },
    ),
  })
  .map(({ rows, merges }) => {
    let r = 0;
    const xmlRows = rows.map(({ gap, cells, empty }) => {
      r += gap + 1;
      if (empty) return `<row r="${r}"/>`;
      const cs = cells.map((c, i) => {
        if (c === null) return '';
        const ref = `${String.fromCharCode(65 + i)}${r}`;
        return c.startsWith('<v>')
          ? `<c r="${ref}">${c}</c>`
          : c === ''
            ? `<c r="${ref}"/>`
            : `<c r="${ref}" ${c}</c>`;
      });
      return `<row r="${r}" spans="1:5">${cs.join('')}</row>`;
    });
    const taken: { r1: number; r2: number; c1: number; c2: number }[] = [];
    for (const m of merges) {
      const box = { r1: m.row, r2: m.row + m.h, c1: m.col, c2: m.col + m.w };
      if (box.r1 === box.r2 && box.c1 === box.c2) continue;
      if (taken.some((t) => box.r1 <= t.r2 && t.r1 <= box.r2 && box.c1 <= t.c2 && t.c1 <= box.c2)) continue;
      taken.push(box);
    }
    const col = (c: number) => String.fromCharCode(64 + c);
    const mergeXml = taken.length
      ? `<mergeCells count="${taken.length}">${taken.map((t) => `<mergeCell ref="${col(t.c1)}${t.r1}:${col(t.c2)}${t.r2}"/>`).join('')}</mergeCells>`
      : '';
    return `<?xml version="1.0"?><worksheet><dimension ref="A1"/><sheetData>${xmlRows.join('')}</sheetData>${mergeXml}<pageMargins/></worksheet>`;
  });

const tailOf = (xml: string) => xml.slice(Math.max(0, xml.indexOf('</sheetData>')));

describe('streamSheetRecords', () => {
  it('reads XML in any pieces to the records the whole-sheet reader gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        xmlSheet,
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 4 }),
        async (xml, sizes) => {
          const whole = await sheetRecords(xml, CTX);
          const streamed = await all(streamSheetRecords(pieces(xml, sizes), CTX, mergedRanges(tailOf(xml))));
          expect(streamed).toEqual(whole);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a sheet that ends inside its rows, and reads an empty one', async () => {
    const cut = '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c';
    await expect(all(streamSheetRecords(pieces(cut, [7]), CTX, []))).rejects.toThrow(/ends inside its rows/);
    expect(
      await all(streamSheetRecords(pieces('<worksheet><sheetData/></worksheet>', [3]), CTX, [])),
    ).toEqual([]);
    expect(await all(streamSheetRecords(pieces('<worksheet></worksheet>', [3]), CTX, []))).toEqual([]);
  });

  it('gives each row as its piece arrives, not at the end', async () => {
    const rows = Array.from(
      { length: 100 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`,
    );
    let sent = 0;
    async function* slow(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode(`<worksheet><sheetData>${rows.slice(0, 50).join('')}`);
      sent = 1;
      yield new TextEncoder().encode(`${rows.slice(50).join('')}</sheetData></worksheet>`);
    }
    const records = streamSheetRecords(slow(), CTX, []);
    const first = await records.next();
    expect(first.value).toEqual({ line: 1, values: ['0'] });
    expect(sent).toBe(0);
    expect((await all(records)).length).toBe(99);
  });
});

describe('streamXlsxSheet', () => {
  it('reads any workbook to the rows readXlsxSheet reads', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(sheetGrid, { minLength: 1, maxLength: 2 }),
        fc.boolean(),
        fc.nat(2),
        async (grids, merge, pick) => {
          const sheets = grids.map((rows, i) => ({ name: `Sheet ${i + 1}`, rows }));
          const bytes = await workbookOf(sheets, merge, false);
          const name = pick < sheets.length ? sheets[pick]!.name : undefined;
          expect(await all(streamXlsxSheet(bytes, name, 'book.xlsx'))).toEqual(
            await readXlsxSheet(bytes, name),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  const bigWorkbook = async (rows: number) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Register');
    sheet.addRow(['Date', 'Party', 'Amount']);
    for (let i = 0; i < rows; i++) sheet.addRow([`0${(i % 9) + 1}-04-2024`, `PARTY ${i}`, i * 1.5]);
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  };

  it('stops a sheet past its limit while it expands, naming the file', async () => {
    const bytes = await bigWorkbook(3000);
    const tight = { ...ZIP_LIMITS, maxEntryBytes: 50_000 };
    await expect(all(streamXlsxSheet(bytes, undefined, 'big.xlsx', undefined, tight))).rejects.toThrow(
      /^big\.xlsx: xl\/worksheets\/sheet1\.xml expands to more than 50,000 bytes/,
    );
    expect((await all(streamXlsxSheet(bytes, undefined, 'big.xlsx'))).length).toBe(3001);
  });

  it('tells the user a cut or damaged workbook is damaged, whichever pass meets it', async () => {
    const bytes = await bigWorkbook(3000);
    // the sheet's compressed bytes changed in the middle: the zip's
    // directory is whole, the data is not
    const rebuilt = await zipOfParts(await zipParts(bytes));
    const at = Buffer.from(rebuilt).indexOf('xl/worksheets/sheet1.xml') + 200;
    for (let i = at; i < at + 64; i++) rebuilt[i] = 0xff - rebuilt[i]!;
    await expect(all(streamXlsxSheet(rebuilt, undefined, 'x.xlsx'))).rejects.toThrow(
      /the workbook is damaged or incomplete|the sheet's XML is damaged/,
    );
    await expect(
      all(streamXlsxSheet(bytes.slice(0, bytes.length - 100), undefined, 'x.xlsx')),
    ).rejects.toThrow(/the workbook is damaged or incomplete/);
  });

  it('reads or refuses a workbook whose sheet XML is damaged, and always ends', async () => {
    const parts = await zipParts(await bigWorkbook(40));
    const sheetXml = sheetXmlOf(parts);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(sheetXml.length),
        fc.constantFrom('', '<', '>', '/', '<row', '</c>', '</row>', '</sheetData>', 'x'),
        fc.boolean(),
        async (at, insert, cut) => {
          const xml = cut ? sheetXml.slice(0, at) : sheetXml.slice(0, at) + insert + sheetXml.slice(at + 1);
          const read = await all(streamXlsxSheet(await zipOfParts(parts, xml), undefined, 'x.xlsx')).then(
            (rows) => rows.length,
            (error: unknown) => (error instanceof Error ? -1 : Number.NaN),
          );
          expect(read).toBeGreaterThanOrEqual(-1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
