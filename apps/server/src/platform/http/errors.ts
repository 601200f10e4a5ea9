// An error a handler throws to answer with a status, a stable code and a message a person can act on.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    // where in the request (or the uploaded file) each problem is
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found'): HttpError => new HttpError(404, 'NOT_FOUND', what);
export const badRequest = (message: string, code = 'BAD_REQUEST'): HttpError =>
  new HttpError(400, code, message);
export const forbidden = (message = 'You do not have permission to perform this action.'): HttpError =>
  new HttpError(403, 'FORBIDDEN', message);
export const unauthorized = (message = 'Please sign in.'): HttpError =>
  new HttpError(401, 'UNAUTHORIZED', message);

// For a look-up where "none" is an answer: a 404 becomes null, anything else (the database down) still throws.
export const nullIfNotFound = (error: unknown): null => {
  if (error instanceof HttpError && error.status === 404) return null;
  throw error;
};
