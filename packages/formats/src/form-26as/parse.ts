import { holdsNoBadCharacter } from '../values/bad-characters.ts';
import { toText, Utf8Lines } from '../values/text-decoding.ts';
import { Form26asParser } from './parser.ts';
import type { Form26asResult } from './types.ts';

// Whole file in memory (string, or bytes in any encoding decodeText knows).
// Lines are cut with indexOf rather than split() so a 200 MB statement is
// never held twice.
export const parse26asText = (input: string | Uint8Array, file: string): Form26asResult => {
  const parser = new Form26asParser(file);
  pushLines(parser, toText(input), 1);
  return parser.finish();
};

// Each line of `text` to the parser, numbered from `firstLine` (a piece of a
// statement starts at its own line of the file).
export const pushLines = (parser: Form26asParser, text: string, firstLine: number): void => {
  // One native scan of the whole text; a text without a bad character (nearly
  // every statement) spares each line a look a character at a time.
  parser.linesClean = holdsNoBadCharacter(text);
  try {
    let start = 0;
    let n = firstLine;
    const length = text.length;
    while (start < length) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = length;
      parser.push(text.slice(start, end), n);
      start = end + 1;
      n++;
    }
  } finally {
    parser.linesClean = false;
  }
};

// One line per item, as node:readline yields them.
export const parse26asLines = async (lines: AsyncIterable<string>, file: string): Promise<Form26asResult> => {
  const parser = new Form26asParser(file);
  let n = 1;
  for await (const line of lines) {
    parser.push(n === 1 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line, n);
    n++;
  }
  return parser.finish();
};

// Chunks of any size, as a file or upload stream yields them. Bytes are read as
// UTF-8 (TRACES writes ASCII); a line split across chunks is joined first.
export const parse26asStream = async (
  chunks: AsyncIterable<string | Uint8Array>,
  file: string,
): Promise<Form26asResult> => {
  const parser = new Form26asParser(file);
  const bytes = new Utf8Lines();
  let carry = '';
  let n = 1;
  const feed = (text: string): void => {
    let start = 0;
    let end = text.indexOf('\n');
    while (end >= 0) {
      parser.push(text.slice(start, end), n++);
      start = end + 1;
      end = text.indexOf('\n', start);
    }
    carry = text.slice(start);
  };
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : bytes.push(chunk);
    feed(n === 1 && carry === '' && text.charCodeAt(0) === 0xfeff ? text.slice(1) : carry + text);
  }
  const rest = carry + bytes.end();
  if (rest !== '') parser.push(rest, n);
  return parser.finish();
};
