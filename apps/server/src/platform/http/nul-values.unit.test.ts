import { describe, expect, it } from 'vitest';
import { nulValuePath } from './nul-values.ts';

describe('nulValuePath', () => {
  it.each([
    ['a clean object', { a: 'x', b: [1, 'y', { c: null }] }, null],
    ['a string', 'a\u0000', '/'],
    ['a nested value', { a: { b: ['ok', 'x\u0000'] } }, '/a/b/1'],
    ['a key', { 'k\u0000': 1 }, '/k\\u0000'],
    ['numbers, booleans, null', { n: 1, t: true, z: null }, null],
    ['bytes are not text', { file: new Uint8Array([0, 1]) }, null],
    ['undefined', undefined, null],
  ])('%s', (_name, value, expected) => {
    expect(nulValuePath(value)).toBe(expected);
  });
});
