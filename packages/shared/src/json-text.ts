// A string or null as JSON text, as JSON.stringify writes it. The result
// files write millions of short strings (refs, file names, codes), most of
// which need no escape: quoting them directly takes about half the time of
// JSON.stringify. Anything with a quote, a backslash, a control character or
// a surrogate (a lone one is escaped) goes through JSON.stringify.
// biome-ignore lint/suspicious/noControlCharactersInRegex: those are the characters JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

export const jsonString = (value: string | null): string =>
  value === null ? 'null' : NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
