// A LIKE/ILIKE pattern finding the typed text anywhere, the text taken as it
// is: '%', '_' and '\' typed (a "50%" in a name, a '_' in a code) are matched
// as themselves, not as wildcards (backslash is PostgreSQL's LIKE escape).
export const contains = (typed: string): string => `%${typed.replace(/[\\%_]/g, '\\$&')}%`;
