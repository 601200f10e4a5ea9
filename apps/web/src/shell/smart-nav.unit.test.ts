import { defaultPermissions } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import { isGroup, type MenuNode, visibleMenu } from './menu.ts';
import { navEntries, smartNavMatches } from './smart-nav.ts';

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
    expect(paths.every((p) => p === '/utilities' || p.startsWith('/26as_converter?'))).toBe(true);
  });

  // the QA walk typed these and got 'No screen matches'
  it.each([
    ['26Q', '/reconcile-26q-file'],
    ['Form 3CD', '/view-34a-output-annual'],
    ['34A', '/new-34a-reconciliation'],
    ['challan', '/view-34a-reconciliation'],
    ['16A', '/ingest-form-16-a'],
    ['outbox', '/manage-entities?tab=outbox'],
    ['invalid data', '/data-quality'],
    ['data quality', '/data-quality'],
  ])('finds a screen for "%s"', (query, path) => {
    expect(smartNavMatches(query, 'ADMIN', admin, 100).map((s) => s.path)).toContain(path);
  });

  it('offers every entry of the side menu', () => {
    const paths = (nodes: readonly MenuNode[]): string[] =>
      nodes.flatMap((n) => (isGroup(n) ? paths(n.items) : [n.to]));
    const offered = new Set(navEntries('ADMIN', admin).map((e) => e.path));
    for (const to of paths(visibleMenu('ADMIN', admin, true))) expect(offered, to).toContain(to);
  });
});
