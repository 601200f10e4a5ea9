import { describe, expect, it } from 'vitest';
import { attachmentHeader } from './attachment.ts';

// Node refuses a header value outside Latin-1 printable text: every header made must pass its check.
const HEADER_SAFE = /^[\u0020-\u007e]*$/;

describe('attachmentHeader', () => {
  it.each([
    ['an ASCII name', 'report-2024-25.xlsx', 'attachment; filename="report-2024-25.xlsx"'],
    ['quotes and control characters dropped', 'a"b\r\nc\u0000.txt', 'attachment; filename="abc.txt"'],
    [
      'a name in Devanagari',
      'बिक्री.xlsx',
      `attachment; filename="______.xlsx"; filename*=UTF-8''${encodeURIComponent('बिक्री')}.xlsx`,
    ],
    [
      'a filter value with a right-to-left override and an emoji',
      'tds-Zürich\u202e💩.xlsx',
      'attachment; filename="tds-Z_rich___.xlsx"; filename*=UTF-8\'\'tds-Z%C3%BCrich%E2%80%AE%F0%9F%92%A9.xlsx',
    ],
    ['nothing left', '""', 'attachment; filename="download"'],
    ["RFC 5987's reserved characters", "it's (1).txt", 'attachment; filename="it\'s (1).txt"'],
  ])('%s', (_name, name, expected) => {
    const header = attachmentHeader(name);
    expect(header).toBe(expected);
    expect(header).toMatch(HEADER_SAFE);
  });

  it('percent-encodes the characters filename* may not hold bare', () => {
    expect(attachmentHeader("₹ it's (1).txt")).toBe(
      "attachment; filename=\"_ it's (1).txt\"; filename*=UTF-8''%E2%82%B9%20it%27s%20%281%29.txt",
    );
  });
});
