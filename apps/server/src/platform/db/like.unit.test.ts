import { describe, expect, it } from 'vitest';
import { contains } from './like.ts';

describe('a contains pattern', () => {
  it.each([
    ['ACME', '%ACME%'],
    ['50%', '%50\\%%'],
    ['V_01', '%V\\_01%'],
    ['a\\b', '%a\\\\b%'],
    ['', '%%'],
  ])('of %s is %s', (typed, pattern) => {
    expect(contains(typed)).toBe(pattern);
  });
});
