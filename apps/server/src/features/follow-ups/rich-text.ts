// The follow-up body and comments are rich text typed in the browser and
// later shown to other users and e-mailed to customers, so the server keeps
// only a strict allow-list: a few formatting tags, never an attribute (no
// href, style, on* handlers), and nothing inside script-like elements.
// Anything else is dropped as a tag and kept as escaped text.

const ALLOWED = new Set(['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'div', 'ul', 'ol', 'li', 'span']);
const VOID = new Set(['br']);
// elements whose content is never text a person meant to show
const DROP_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'textarea',
  'title',
  'head',
  'select',
  'xmp',
  'noembed',
  'noframes',
]);

const escapeText = (text: string): string =>
  text
    .replace(/&(?!(?:[a-zA-Z]{2,8}|#\d{1,6}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

export const sanitizeRichText = (html: string): string => {
  const out: string[] = [];
  const open: string[] = [];
  let dropping: string | null = null;
  let last = 0;
  const text = (s: string) => {
    if (!dropping && s) out.push(escapeText(s));
  };
  for (const m of html.matchAll(TOKEN)) {
    text(html.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[2]?.toLowerCase();
    if (!name) continue; // comment, CDATA, doctype, processing instruction
    const closing = m[1] === '/';
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (DROP_CONTENT.has(name)) {
      if (!closing && !/\/\s*$/.test(m[3] ?? '')) dropping = name;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    const tag = name === 'strong' ? 'b' : name === 'em' ? 'i' : name;
    if (VOID.has(tag)) {
      if (!closing) out.push('<br>');
      continue;
    }
    if (!closing) {
      open.push(tag);
      out.push(`<${tag}>`);
      continue;
    }
    // close only what is open, and everything opened inside it
    const at = open.lastIndexOf(tag);
    if (at === -1) continue;
    while (open.length > at) out.push(`</${open.pop()}>`);
  }
  text(html.slice(last));
  while (open.length) out.push(`</${open.pop()}>`);
  return out.join('');
};

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

// The plain-text part of a follow-up e-mail, from sanitised rich text.
export const richTextToPlain = (html: string): string =>
  html
    .replace(/<br>/g, '\n')
    .replace(/<li>/g, '- ')
    .replace(/<\/(p|div|li|ul|ol)>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);/g, (whole, code: string) => {
      if (code.startsWith('#x')) return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
      if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
      return ENTITIES[code] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

// Plain text typed where rich text is expected (the API, a template) becomes paragraphs.
export const plainToRichText = (text: string): string =>
  /<[a-zA-Z/][^>]*>/.test(text)
    ? sanitizeRichText(text)
    : text
        .split(/\n{2,}/)
        .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
        .join('');
