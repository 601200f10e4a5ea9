// A NUL character (U+0000) in any value of a request: PostgreSQL text and
// jsonb cannot hold one, so every route that stored or searched such a value
// failed with a 500 (the API fuzzing found 77 routes, /login among them).
// No value a person types holds one; the request is refused before any route
// sees it, naming where the character is.

const NUL = '\u0000';
const MAX_DEPTH = 32;

// The path ('/customer/customerName', '/0/notes') of the first string holding
// a NUL in a parsed request value, or null.
export const nulValuePath = (value: unknown, path = '', depth = 0): string | null => {
  if (typeof value === 'string') return value.includes(NUL) ? path || '/' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (ArrayBuffer.isView(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) return `${path}/${key.replaceAll(NUL, '\\u0000')}`;
    const found = nulValuePath(inner, `${path}/${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
};
