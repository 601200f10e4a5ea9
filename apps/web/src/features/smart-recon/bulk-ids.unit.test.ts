import { BULK_TOO_MANY_IDS } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { idsOf, idsProblem } from './bulk-ids.ts';

describe('bulk smart recon ids', () => {
  it('takes one id a line, dropping blanks and repeats', () => {
    expect(idsOf('C1\r\n\n C2 \nC1\n')).toEqual(['C1', 'C2']);
  });
  it('allows 1 to 100 ids and says why otherwise', () => {
    expect(idsProblem([])).toMatch(/at least one/);
    expect(idsProblem(Array.from({ length: 100 }, (_, i) => `C${i}`))).toBeNull();
    expect(idsProblem(Array.from({ length: 101 }, (_, i) => `C${i}`))).toBe(BULK_TOO_MANY_IDS);
  });
});
