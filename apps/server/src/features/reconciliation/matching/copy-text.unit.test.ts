import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { ByteChunkWriter, ByteTextWriter, ChunkWriter, copyText, transferOf } from './copy-text.ts';

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

// The byte writer must give exactly the text's UTF-8, whatever the text
// holds (names in Devanagari, the rupee sign, characters outside the BMP),
// each chunk in a buffer of its own so it can be moved to another thread.
describe('ByteChunkWriter', () => {
  const words = ['AADI SAGAR', 'राम ट्रेडर्स', '₹ 1,00,000', 'naïve\\tcafé', '𝟙𝟚 Ltd', ''];
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => `${i}\t${words[i % words.length]}\t${'x'.repeat(i % 11)}\n`);

  it.each([0, 1, 255, 256, 257, 1000, 5000])('keeps %i lines, byte for byte, in order', (n) => {
    const writer = new ByteChunkWriter(1000);
    for (const line of lines(n)) writer.add(line);
    const chunks = writer.finish();
    expect(Buffer.concat(chunks).equals(Buffer.from(lines(n).join(''), 'utf8'))).toBe(true);
    expect(copyText(chunks)).toBe(lines(n).join(''));
    expect(writer.rows).toBe(n);
    for (const c of chunks) expect(c.byteLength).toBeGreaterThan(0);
    for (const c of chunks.slice(0, -1)) expect(c.byteLength).toBeGreaterThanOrEqual(1000);
    const buffers = transferOf(chunks);
    expect(buffers).toHaveLength(chunks.length);
    expect(new Set(buffers).size).toBe(chunks.length);
  });

  it('takes a line longer than its chunk size whole', () => {
    const writer = new ByteChunkWriter(16);
    const long = `${'₹'.repeat(100)}\n`;
    writer.add('a\n');
    writer.add(long);
    writer.add('b\n');
    expect(copyText(writer.finish())).toBe(`a\n${long}b\n`);
  });

  it('moves its chunks to another thread intact', async () => {
    const writer = new ByteChunkWriter(500);
    for (const line of lines(700)) writer.add(line);
    const chunks = writer.finish();
    const { port1, port2 } = new MessageChannel();
    const received = new Promise<Uint8Array[]>((resolve) => {
      port2.once('message', (m: Uint8Array[]) => resolve(m));
    });
    port1.postMessage(chunks, transferOf(chunks));
    const moved = await received;
    port1.close();
    port2.close();
    // moved, not copied: the sender's views are empty now
    for (const c of chunks) expect(c.byteLength).toBe(0);
    expect(copyText(moved)).toBe(lines(700).join(''));
  });
});

// The result JSON's lists: one buffer grown as lines come, UTF-8 whatever
// they hold, of its own (movable) and of exactly their size.
describe('ByteTextWriter', () => {
  const lines = (n: number) =>
    Array.from({ length: n }, (_, i) => `,\n    { "ref": "${i % 5 === 0 ? '₹ Ganesh' : 'row'} ${i}" }`);

  it.each([0, 1, 255, 256, 257, 5000])('gives %i lines as their UTF-8, in order', (n) => {
    const writer = new ByteTextWriter();
    for (const line of lines(n)) writer.add(line);
    const bytes = writer.bytes();
    expect(Buffer.from(bytes).toString('utf8')).toBe(lines(n).join(''));
    expect(bytes.byteLength).toBe(Buffer.byteLength(lines(n).join('')));
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
    expect(writer.rows).toBe(n);
  });
});
