import { describe, expect, it } from 'vitest';
import { plainRupees } from './plain-rupees.ts';

describe('plainRupees', () => {
  it.each([
    ['1,000', '1000.00'],
    ['1,05,942', '105942.00'],
    ['₹1,000.50', '1000.50'],
    ['₹ 25,000', '25000.00'],
    ['\u22121,000', '-1000.00'],
    [' 1,000 ', '1000.00'],
  ])('reads %s as %s', (typed, plain) => {
    expect(plainRupees(typed)).toBe(plain);
  });

  it.each([
    '',
    '1000',
    '1000.5',
    '-12',
    '12.345',
    '1,000.555',
    'ten',
    '1,00.0.0',
    '12,34,56,78,90,12,34,567',
  ])('gives %j back as typed, for the form rule to judge', (typed) => {
    expect(plainRupees(typed)).toBe(typed);
  });
});
