import { API_BASE, type ApiRoute } from '@taxrecon/contracts';

// Names of path and query parameters that carry a credential: a session token,
// a link's secret. Their values never reach the log; neither does any path
// parameter of a route marked `secretPath` (the TRACES login of the TAN-PAN sync).
const SECRET_NAME = /token|hash|secret|password|signature/i;
export const REDACTED = '[redacted]';

interface SecretPath {
  pattern: RegExp;
  // indexes (in the path's segments) of the secret parameters
  secretSegments: number[];
}

const secretPaths = (routes: Record<string, ApiRoute>): SecretPath[] =>
  Object.values(routes).flatMap((route) => {
    const segments = `${API_BASE}${route.path}`.split('/');
    const secretSegments = segments.flatMap((s, i) =>
      s.startsWith(':') && (route.secretPath || SECRET_NAME.test(s.slice(1))) ? [i] : [],
    );
    if (secretSegments.length === 0) return [];
    const source = segments
      .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return [{ pattern: new RegExp(`^${source}/?$`), secretSegments }];
  });

// Returns a function that blanks the secrets in a request URL: the path
// segments the route table names as tokens or hashes, and query values whose
// name says they are one (the websocket used to take ?token=).
export const urlRedactor = (routes: Record<string, ApiRoute>): ((url: string) => string) => {
  const paths = secretPaths(routes);
  return (url) => {
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
    let safePath = path;
    const match = paths.find((p) => p.pattern.test(path));
    if (match) {
      const segments = path.split('/');
      for (const i of match.secretSegments) if (segments[i] !== undefined) segments[i] = REDACTED;
      safePath = segments.join('/');
    }
    if (!query) return safePath;
    const safeQuery = query
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const name = eq === -1 ? pair : pair.slice(0, eq);
        let decoded = name;
        try {
          decoded = decodeURIComponent(name);
        } catch {
          // keep the raw name
        }
        return eq !== -1 && SECRET_NAME.test(decoded) ? `${name}=${REDACTED}` : pair;
      })
      .join('&');
    return `${safePath}?${safeQuery}`;
  };
};
