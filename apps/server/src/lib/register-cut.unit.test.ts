import { describe, expect, it } from 'vitest';
import { cutRegister, movedBuffers } from './register-cut.ts';

// A register of `rows` lines under a header, cut into pieces of about 1 KB.
const register = (rows: number): Uint8Array => {
  const lines = ['Voucher\tCustomer\tAmount'];
  for (let i = 1; i <= rows; i++) lines.push(`V${i}\tCustomer ${i % 7}\t${i * 100}.00`);
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
};
const shared = (bytes: Uint8Array): Uint8Array => {
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.length));
  copy.set(bytes);
  return copy;
};
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('cutRegister', () => {
  const bytes = register(300);
  const body = text(bytes).slice(text(bytes).indexOf('\n') + 1);

  it.each([
    ['its own memory', bytes],
    ['memory the threads share', shared(bytes)],
  ])('cuts a register held in %s at line ends, numbering each piece from its file line', (_, input) => {
    const cut = cutRegister(input, 'sales.txt', 1, 1024);
    expect(cut).not.toBeNull();
    const pieces = cut!.pieces;
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.map((p) => text(p.bytes)).join('')).toBe(body);
    let line = 2;
    for (const p of pieces) {
      expect(p.firstLine).toBe(line);
      expect(text(p.bytes).endsWith('\n')).toBe(true);
      line += text(p.bytes).split('\n').length - 1;
    }
  });

  it('gives views of shared memory, posted without a copy, and copies of its own otherwise', () => {
    const input = shared(bytes);
    const views = cutRegister(input, 'sales.txt', 1, 1024)!.pieces;
    for (const p of views) {
      expect(p.bytes.buffer).toBe(input.buffer);
      expect(movedBuffers(p.bytes)).toEqual([]);
    }
    const copies = cutRegister(bytes, 'sales.txt', 1, 1024)!.pieces;
    for (const p of copies) {
      expect(p.bytes.buffer).not.toBe(bytes.buffer);
      expect(p.bytes.byteLength).toBe(p.bytes.buffer.byteLength);
      expect(movedBuffers(p.bytes)).toEqual([p.bytes.buffer]);
    }
  });
});
