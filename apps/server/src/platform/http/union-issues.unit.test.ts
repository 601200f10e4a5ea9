import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Issue, specificIssues } from './union-issues.ts';

const issuesOf = (schema: z.ZodType, value: unknown): { path: string; message: string }[] => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected the value to be refused');
  return r.error.issues
    .flatMap((i) => specificIssues(i as Issue))
    .map((i) => ({ path: i.path.join('.'), message: i.message }));
};

const Row = z.object({
  section: z.string().min(1, 'section is required'),
  rate: z.number('rate must be a number'),
});
const OneOrMany = z.union([Row, z.array(Row).min(1)]);

describe("a union's issues in place of 'Invalid input'", () => {
  it('names the bad fields of the object sent where an object or a list of them goes', () => {
    expect(issuesOf(OneOrMany, { section: '', rate: 'x' })).toEqual([
      { path: 'section', message: 'section is required' },
      { path: 'rate', message: 'rate must be a number' },
    ]);
  });

  it('names the bad fields of a list item, under its index', () => {
    expect(issuesOf(OneOrMany, [{ section: '194C', rate: 1 }, { section: '194C' }])).toEqual([
      { path: '1.rate', message: 'rate must be a number' },
    ]);
  });

  it('names the types a member takes when no member takes the value', () => {
    expect(issuesOf(z.object({ amount: z.union([z.string(), z.number()]) }), { amount: true })).toEqual([
      { path: 'amount', message: 'Invalid input: expected string or number, received boolean' },
    ]);
  });

  it('reads a union within a union', () => {
    const Inner = z.union([z.object({ n: z.number('n must be a number') }), z.literal('none')]);
    expect(
      issuesOf(z.union([z.object({ inner: Inner }), z.array(z.string())]), { inner: { n: 'x' } }),
    ).toEqual([{ path: 'inner.n', message: 'n must be a number' }]);
  });

  it('leaves other issues as they are', () => {
    expect(issuesOf(Row, { section: '194C', rate: 'x' })).toEqual([
      { path: 'rate', message: 'rate must be a number' },
    ]);
  });
});

describe('a union with a message of its own', () => {
  it('keeps it', () => {
    const Choice = z.union([z.enum(['Company', 'Trust']), z.literal('')], {
      error: 'Type is one of Company, Trust',
    });
    expect(issuesOf(z.object({ type: Choice }), { type: 'Partnership' })).toEqual([
      { path: 'type', message: 'Type is one of Company, Trust' },
    ]);
  });
});
