import { defaultPermissions, SCREENS } from '@taxrecon/contracts';
import { describe, expect, it } from 'vitest';
import {
  groupContains,
  isActiveLink,
  isGroup,
  MENU,
  type MenuLink,
  type MenuNode,
  visibleMenu,
} from './menu.ts';

const links = (nodes: readonly MenuNode[]): string[] =>
  nodes.flatMap((n) => (isGroup(n) ? links(n.items) : [n.to]));

describe('side menu', () => {
  it('points every item at a screen of the catalogue', () => {
    const paths = new Set(SCREENS.map((s) => s.path));
    for (const to of links(MENU)) expect(paths, to).toContain(to.split('?')[0]);
  });

  it('shows an ADMIN every group of the spec', () => {
    const groups = visibleMenu('ADMIN', defaultPermissions('ADMIN'), true).map((g) => g.label);
    expect(groups).toEqual(MENU.map((g) => g.label));
  });

  it('hides from a NORMAL-USER what needs administrator permissions', () => {
    const menu = visibleMenu('NORMAL-USER', defaultPermissions('NORMAL-USER'), true);
    expect(menu.map((g) => g.label)).not.toContain('Entity Management');
    expect(menu.map((g) => g.label)).not.toContain('Admin');
    expect(links(menu)).toContain('/jobs/all');
  });

  it('hides an item whose permission the user lacks', () => {
    const permissions = defaultPermissions('NORMAL-USER').filter((p) => p !== 'DATA_ADMIN');
    expect(links(visibleMenu('NORMAL-USER', permissions, true))).not.toContain('/delete-data');
  });

  it('shows a UTILITY-USER only the Utilities group', () => {
    const menu = visibleMenu('UTILITY-USER', [], false);
    expect(menu.map((g) => g.label)).toEqual(['Utilities']);
    expect(links(menu)).toEqual(['/utilities', '/26as_converter?format=csv', '/26as_converter?format=excel']);
  });

  // a link named otherwise than its page: a tab or a download of another screen,
  // or a converter opened in one of its two formats
  const NAMED_OTHERWISE = new Set([
    '/manage-entities?tab=outbox',
    '/reports-dashboard?download=customer-tan',
    '/26as_converter?format=csv',
    '/26as_converter?format=excel',
    // 'All Utilities' opens the page of tiles titled 'Utilities'
    '/utilities',
  ]);

  it("names each link as its page is titled (the spec's name)", () => {
    const all = (nodes: readonly MenuNode[]): MenuLink[] =>
      nodes.flatMap((n) => (isGroup(n) ? all(n.items) : [n]));
    const differ = all(MENU)
      .filter((l) => !NAMED_OTHERWISE.has(l.to))
      .map((l) => [l.label, SCREENS.find((s) => s.path === l.to.split('?')[0])?.title])
      .filter(([label, title]) => label !== title);
    expect(differ).toEqual([]);
  });

  it('lights up E-mail Outbox on the outbox, and Entity Management on the entities only', () => {
    expect(isActiveLink('/manage-entities?tab=outbox', '/manage-entities', '?tab=outbox')).toBe(true);
    expect(isActiveLink('/manage-entities', '/manage-entities', '?tab=outbox')).toBe(false);
    expect(isActiveLink('/manage-entities', '/manage-entities', '')).toBe(true);
    expect(isActiveLink('/manage-entities', '/manage-entities', '?tab=users')).toBe(true);
    const entityManagement = MENU.find((g) => g.label === 'Entity Management');
    expect(entityManagement && groupContains(entityManagement, '/manage-entities', '?tab=outbox')).toBe(
      false,
    );
  });
});
