import { describe, expect, it } from 'vitest';
import { ChunkWriter } from './copy-text.ts';

// The writer joins lines a few hundred at a time and cuts chunks at about
// its size: nothing may be lost, reordered or doubled at either boundary.
describe('ChunkWriter', () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `row ${i}\t${'x'.repeat(i % 7)}\n`);

  it.each([0, 1, 255, 256, 257, 1000, 5000])('keeps %i lines in order across blocks and chunks', (n) => {
    const writer = new ChunkWriter(1000);
    for (const line of lines(n)) writer.add(line);
    const chunks = writer.finish();
    expect(chunks.join('')).toBe(lines(n).join(''));
    expect(writer.rows).toBe(n);
    // every chunk but the last reached the size; none is empty
    for (const c of chunks.slice(0, -1)) expect(c.length).toBeGreaterThanOrEqual(1000);
    for (const c of chunks) expect(c.length).toBeGreaterThan(0);
  });

  it('gives everything as one text once, and starts afresh', () => {
    const writer = new ChunkWriter(Number.POSITIVE_INFINITY);
    for (const line of lines(600)) writer.add(line);
    expect(writer.text()).toBe(lines(600).join(''));
    expect(writer.text()).toBe('');
    writer.add('last\n');
    expect(writer.text()).toBe('last\n');
  });
});
