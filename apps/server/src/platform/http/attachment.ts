// The Content-Disposition of a download named `name`. A header may hold only
// Latin-1: a name in another script (a register uploaded as "बिक्री.xlsx") or
// with a filter value typed into it ("Zürich‮") made Node refuse the header,
// a 500 after the file was made. The name goes as RFC 6266's filename*
// (UTF-8, percent-encoded), with an ASCII filename beside it for old clients;
// quotes, backslashes and control characters are dropped.
export const attachmentHeader = (name: string): string => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
  const clean = name.replace(/["\\\u0000-\u001f\u007f]/g, '').trim() || 'download';
  const ascii = clean.replace(/[^\u0020-\u007e]/g, '_');
  if (ascii === clean) return `attachment; filename="${ascii}"`;
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};
