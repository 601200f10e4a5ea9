import { defaultPermissions } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { smartNavMatches } from './smart-nav.ts';

describe('smart navigation', () => {
  const admin = defaultPermissions('ADMIN');

  it('offers the TDS screens for "TDS"', () => {
    const titles = smartNavMatches('TDS', 'ADMIN', admin).map((s) => s.title);
    expect(titles).toContain('Perform TDS Reconciliation');
    expect(titles).toContain('All TDS Reconciliation Jobs');
  });

  it('matches shared words in any order', () => {
    expect(smartNavMatches('vendors search', 'ADMIN', admin)[0]?.path).toBe('/search-vendors');
  });

  it('offers only screens the permissions allow', () => {
    const normal = smartNavMatches('manage entities', 'NORMAL-USER', defaultPermissions('NORMAL-USER'));
    expect(normal.map((s) => s.path)).not.toContain('/manage-entities');
    expect(smartNavMatches('manage entities', 'ADMIN', admin)[0]?.path).toBe('/manage-entities');
  });

  it('offers a utility user only the utility screens', () => {
    const paths = smartNavMatches('26AS utilities converter reconciliation', 'UTILITY-USER', []).map(
      (s) => s.path,
    );
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.every((p) => p === '/utilities' || p === '/26as_converter')).toBe(true);
  });
});
