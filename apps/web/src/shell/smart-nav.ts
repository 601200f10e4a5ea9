import { canSeeScreen, SCREENS, type Screen } from '@taxrecon/contracts';

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);

// How well a screen answers a query: the whole query inside the title counts most,
// then each word the query shares with the title or category, then word prefixes.
export const matchScore = (screen: Screen, query: string): number => {
  const q = query.trim().toLowerCase();
  if (!q) return 0;
  const haystack = `${screen.title} ${screen.category}`.toLowerCase();
  const screenWords = words(haystack);
  let score = screen.title.toLowerCase().includes(q) ? 10 : haystack.includes(q) ? 6 : 0;
  for (const word of words(q)) {
    if (screenWords.includes(word)) score += 3;
    else if (word.length >= 2 && screenWords.some((w) => w.startsWith(word))) score += 1;
  }
  return score;
};

// The smart-navigation screens this user may open, best match first.
export const smartNavMatches = (
  query: string,
  role: string,
  permissions: readonly string[],
  limit = 10,
): Screen[] =>
  SCREENS.filter((s) => s.smartNav && canSeeScreen(s, role, permissions))
    .map((screen) => ({ screen, score: matchScore(screen, query) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || a.screen.title.localeCompare(b.screen.title))
    .slice(0, limit)
    .map((m) => m.screen);
