import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The engine is pure: it imports nothing of ours but @taxrecon/shared, and
// no I/O at all. Tests may read files; the engine's own sources may not.
describe('engine import boundaries', () => {
  const dir = import.meta.dirname;
  const sources = readdirSync(dir).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'test-helpers.ts',
  );

  it.each(sources)('%s imports only @taxrecon/shared and its own files', (file) => {
    const text = readFileSync(join(dir, file), 'utf8');
    const specifiers = [...text.matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]!);
    for (const s of specifiers) expect(s === '@taxrecon/shared' || /^\.\/[a-z0-9-]+\.ts$/.test(s)).toBe(true);
  });
});
