// zod says only "Invalid input" of a value that fits no member of a union. The
// member the value was meant for says what is wrong with it: the first whose
// complaint is not the value's own type (an object sent where a list of them
// also goes names its bad fields; '2024-02-30' where a date or '' goes is not
// a calendar date). When every member refuses the value's type, the message
// names the types they take.

export interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  expected?: unknown;
  errors?: Issue[][];
}

const refusesWhole = (issue: Issue): boolean =>
  issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value');

const within = (parent: PropertyKey[], issue: Issue): Issue => ({
  ...issue,
  path: [...parent, ...issue.path],
});

export const unionIssues = (errors: Issue[][]): Issue[] => {
  const meant = errors.find((branch) => branch.length > 0 && !branch.some(refusesWhole));
  if (meant) return meant.flatMap(specificIssues);
  const expected = [
    ...new Set(
      errors.flat().flatMap((i) => (refusesWhole(i) && typeof i.expected === 'string' ? [i.expected] : [])),
    ),
  ];
  const received = errors
    .flat()
    .map((i) => /received (\w+)/.exec(i.message)?.[1])
    .find(Boolean);
  const message = expected.length
    ? `Invalid input: expected ${expected.join(' or ')}${received ? `, received ${received}` : ''}`
    : 'Invalid input';
  return [{ code: 'invalid_union', path: [], message }];
};

// zod's words for a union that names no message of its own.
export const UNION_DEFAULT = 'Invalid input';

// An issue as it is, or a union's in place of its "Invalid input". A union
// given its own message ("Vendor type is one of ...") keeps it.
export const specificIssues = (issue: Issue): Issue[] =>
  issue.code === 'invalid_union' && Array.isArray(issue.errors) && issue.message === UNION_DEFAULT
    ? unionIssues(issue.errors).map((i) => within(issue.path, i))
    : [issue];
