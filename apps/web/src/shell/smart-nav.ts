import { hasFullRouteSet } from '@taxrecon/contracts';
import { menuEntries, visibleMenu } from './menu.ts';

// One place smart navigation can take a person: a link of the side menu, so
// every menu entry can be found and nothing is kept in a second list.
export interface NavEntry {
  // the link's target, query included (/26as_converter?format=csv)
  path: string;
  title: string;
  // the menu groups it sits in, shown beside the suggestion
  category: string;
  keywords: readonly string[];
}

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);

// How well an entry answers a query: the whole query inside the title counts most,
// then inside the groups or keywords ('Form 3CD'), then each word the query shares
// with them, then word prefixes.
export const matchScore = (entry: NavEntry, query: string): number => {
  const q = query.trim().toLowerCase();
  if (!q) return 0;
  const haystack = [entry.title, entry.category, ...entry.keywords].join(' ').toLowerCase();
  const entryWords = words(haystack);
  let score = entry.title.toLowerCase().includes(q) ? 10 : haystack.includes(q) ? 6 : 0;
  for (const word of words(q)) {
    if (entryWords.includes(word)) score += 3;
    else if (word.length >= 2 && entryWords.some((w) => w.startsWith(word))) score += 1;
  }
  return score;
};

// The menu entries this user sees, as smart navigation offers them.
export const navEntries = (role: string, permissions: readonly string[]): NavEntry[] =>
  menuEntries(visibleMenu(role, permissions, hasFullRouteSet(role))).map(({ link, groups }) => ({
    path: link.to,
    title: link.label,
    category: groups.join(' › '),
    keywords: link.keywords ?? [],
  }));

// The entries this user may open that answer the query, best match first.
export const smartNavMatches = (
  query: string,
  role: string,
  permissions: readonly string[],
  limit = 10,
): NavEntry[] =>
  navEntries(role, permissions)
    .map((entry) => ({ entry, score: matchScore(entry, query) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.entry.title.localeCompare(b.entry.title))
    .slice(0, limit)
    .map((m) => m.entry);
