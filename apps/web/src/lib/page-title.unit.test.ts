import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title.ts';

describe('the browser tab title', () => {
  it('names the page before the product', () => {
    expect(pageTitle('Rule Sets')).toBe('Rule Sets · TaxRecon');
  });

  it('is the product alone for a page without a title', () => {
    expect(pageTitle('  ')).toBe('TaxRecon');
  });
});
