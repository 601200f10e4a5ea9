import { describe, expect, it } from 'vitest';
import { layoutOfPart, modelledPartOf, parsePartHeading } from './headings.ts';

describe('parsePartHeading', () => {
  it.each([
    ['^PART-I - Details of Tax Deducted at Source^', 'I'],
    ['PART-I - Details of Tax Deducted at Source', 'I'],
    ['^PART-VI - Details of Tax Collected at Source^', 'VI'],
    ['^PART - VI - Details of Tax Collected at Source^', 'VI'],
    ['^Part-I - Details of Tax Deducted at Source^', 'I'],
    ['^PART II - Details of Tax Deducted at Source for 15G / 15H^', 'II'],
    ['^PART-X(a) - TDS Defaults^', 'X(a)'],
    ['^PART - X (b) - TCS Defaults^', 'X(b)'],
    ['^PART-XI - Details^', 'XI'],
    ['^PART A - Details of Tax Deducted at Source^', 'A'],
    ['^PART A1 - Details of Tax Deducted at Source for 15G / 15H^', 'A1'],
    ['^PART B - Details of Tax Collected at Source^', 'B'],
    ['|PART G - TDS Defaults* (Processing of Statements)|', 'G'],
  ])('%s is part %s', (line, part) => {
    const delimiter = line.startsWith('|') ? '|' : '^';
    expect(parsePartHeading(line, delimiter)?.part).toBe(part);
  });

  it.each([
    'PARTH ENTERPRISES^PNEP12345E^^^1.00^1.00^1.00',
    '^PARTH ENTERPRISES^',
    'PARTICULARS^of payment',
    '4^PARTH ENTERPRISES^PNEP12345E^^^1.00^1.00^1.00',
    '^1^194C^DEPARTMENT^F',
    'DEPARTMENT OF POSTS^DELD12345A',
    '^PARTNERS^',
    'PART-Z - nothing',
    'PART',
  ])('%s is not a part heading', (line) => {
    expect(parsePartHeading(line, '^')).toBeNull();
  });

  it('keeps the heading text without delimiters', () => {
    expect(parsePartHeading('^PART-I - Details of Tax Deducted at Source^', '^')).toEqual({
      part: 'I',
      heading: 'PART-I - Details of Tax Deducted at Source',
    });
  });

  it.each([
    ['I', 'current'],
    ['X', 'current'],
    ['XI', 'form-168'],
    ['X(a)', 'form-168'],
    ['A1', 'pre-2020'],
    ['G', 'pre-2020'],
  ])('part %s belongs to the %s layout', (part, layout) => {
    expect(layoutOfPart(part)).toBe(layout);
  });

  it.each([
    ['I', 'tds'],
    ['A', 'tds'],
    ['VI', 'tcs'],
    ['B', 'tcs'],
    ['II', null],
    ['A1', null],
  ])('part %s is modelled as %s', (part, kind) => {
    expect(modelledPartOf(part)).toBe(kind);
  });
});
