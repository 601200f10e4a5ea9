import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectedPath, goldenCases, runGolden } from './testing/golden-cases.ts';

describe('golden fixtures', () => {
  it.each(goldenCases.map((c) => [c.input, c] as const))(
    '%s gives exactly its .expected.json',
    async (_, c) => {
      const expected = JSON.parse(await readFile(expectedPath(c.input), 'utf8'));
      expect(await runGolden(c)).toEqual(expected);
    },
  );
});
