import { describe, expect, it } from 'vitest';
import { isKnownSection, readTrainingFile, resolveMapping } from './training-file.ts';

const KNOWN = new Set(['194C', '194J(a)', '194J(b)', '194I(b)']);
const bytes = (text: string) => new TextEncoder().encode(text);

describe('training file', () => {
  it('reads descriptions and canonical sections, with a sub-section column', async () => {
    const read = await readTrainingFile(
      bytes('Narration\tSec\tSub Section\nProf fees\t194 J\tb\nFreight\tSec. 194C\t\n\t\t\nRent\t194-IB\t'),
      'train.txt',
      { mapping: { description: 'Narration', section: 'Sec', subSection: 'Sub Section' } },
      KNOWN,
    );
    expect(read.fileError).toBeNull();
    expect(read.errors).toEqual([
      {
        line: 5,
        column: 'Sec',
        message: '"194-IB" is not a known TDS section (expected one like 194C, 194J(b) or 194I(a))',
      },
    ]);
    expect(read.examples).toEqual([
      { text: 'Prof fees', label: '194J(b)' },
      { text: 'Freight', label: '194C' },
    ]);
  });

  it('takes a pasted header for a file without one', async () => {
    const read = await readTrainingFile(
      bytes('audit fees\t194J(b)\nfreight\t194C'),
      'train.txt',
      { headers: 'Desc\tSection' },
      KNOWN,
    );
    expect(read.examples.map((e) => e.label)).toEqual(['194J(b)', '194C']);
  });

  it.each([
    [undefined, ['Description', 'TDS Section'], { description: 'Description', section: 'TDS Section' }],
    [
      undefined,
      ['Particulars', 'Section No', 'Sub Section'],
      { description: 'Particulars', section: 'Section No', subSection: 'Sub Section' },
    ],
    [{ description: 'A', section: 'B' }, ['A', 'B'], { description: 'A', section: 'B' }],
  ])('maps %j over %j', (sent, headers, expected) => {
    expect(resolveMapping(sent, headers)).toEqual(expected);
  });

  it('says which column is missing from the mapping', () => {
    expect(resolveMapping(undefined, ['Amount', 'Section'])).toMatch(/no description/);
    expect(resolveMapping({ description: 'A', section: 'Z' }, ['A', 'B'])).toMatch(/"Z" for section/);
  });

  it('knows a section without its sub-section when one of its sub-sections is known', () => {
    expect(isKnownSection('194J', KNOWN)).toBe(true);
    expect(isKnownSection('194ZZ', KNOWN)).toBe(false);
  });
});
