// XML as an .xlsx workbook's parts write it: text and attributes with their
// references, a string's runs, cell addresses. Shared by the workbook's
// opening (xlsx-workbook.ts) and the sheet's reading (xlsx-sheet.ts).

// A sheet whose XML breaks off or nests wrongly (see `damaged`).
export class DamagedSheet extends Error {}

export const damaged = (what: string) =>
  new DamagedSheet(`the sheet's XML is damaged (${what}); save the workbook again from Excel`);

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

// XML character and entity references in text or an attribute.
export const xmlText = (raw: string): string =>
  raw.indexOf('&') < 0
    ? raw
    : raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
        if (ref[0] !== '#') return ENTITIES[ref] ?? whole;
        const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      });

// Excel writes characters XML cannot hold as _xHHHH_ in a string's text.
const excelEscapes = (text: string): string =>
  text.indexOf('_x') < 0
    ? text
    : text.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const attributePatterns = new Map<string, RegExp>();
export const attribute = (tag: string, name: string): string | undefined => {
  let pattern = attributePatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(name, pattern);
  }
  const m = pattern.exec(tag);
  return m ? xmlText(m[1] ?? m[2] ?? '') : undefined;
};

// The text of every <t> in an element, phonetic runs (<rPh>) left out.
export const runsText = (xml: string): string => {
  const body = xml.indexOf('<rPh') < 0 ? xml : xml.replace(/<rPh[\s>][\s\S]*?<\/rPh>/g, '');
  let text = '';
  for (const m of body.matchAll(/<t(?:\s[^>]*)?(?:\/>|>([\s\S]*?)<\/t>)/g))
    text += excelEscapes(xmlText(m[1] ?? ''));
  return text;
};

// Excel's last column is XFD.
export const MAX_COLUMNS = 16_384;

// "AB12" -> column 28 (1-based), row 12.
export const cellAddress = (ref: string): { column: number; row: number } => {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) column = column * 26 + (c - 64);
    else if (c >= 97 && c <= 122) column = column * 26 + (c - 96);
    else break;
  }
  return { column, row: Number.parseInt(ref.slice(i), 10) };
};
