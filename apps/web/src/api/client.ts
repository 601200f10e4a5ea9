import { API_BASE, ApiError as ApiErrorBody, type ApiRoute, fillPath } from '@taxrecon/contracts';
import type { z } from 'zod';
import { getToken } from './session.ts';

export const API_TIMEOUT_MS = 600_000;
export const SYSTEM_ERROR = 'Cannot access the App. Is the App running?';

// An answer the server refused, with its stable code and a message a person can act on.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ApiErrorBody['details'] = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const errorMessage = (error: unknown, fallback = SYSTEM_ERROR): string =>
  error instanceof ApiError && error.message ? error.message : fallback;

// A failure as the spec's error catalogue names it (spec part 3 section 8:
// 'Error Creating Challan', 'Could not fetch jobs in queue'...) with what the
// server said underneath, so the person sees both what failed and why. With
// no such name, or nothing more from the server: 'Error occurred' over the
// message, as for any call (spec: 'Error occurred - Cannot access the App...').
export const errorNotice = (error: unknown, named?: string): { title: string; message: string } => {
  const detail = error instanceof ApiError && error.message ? error.message : null;
  if (!named || named === SYSTEM_ERROR) return { title: 'Error occurred', message: detail ?? SYSTEM_ERROR };
  if (detail === null || named.includes(detail)) return { title: 'Error occurred', message: named };
  return { title: named, message: detail };
};

type Schema = z.ZodType;
type Field<K extends string, S> = [S] extends [Schema] ? { [k in K]: z.input<S> } : { [k in K]?: undefined };
export type CallOptions<P, Q, B> = Field<'params', P> & Field<'query', Q> & Field<'body', B>;
type CallArgs<P, Q, B> =
  object extends CallOptions<P, Q, B> ? [options?: CallOptions<P, Q, B>] : [options: CallOptions<P, Q, B>];

// Pages where being signed out or asked for a new password is the expected state.
const onPublicAuthPage = (): boolean => /^#\/(login|reset-password)/.test(window.location.hash);

const goTo = (hash: string): void => {
  if (window.location.hash !== hash) window.location.hash = hash;
};

// What every answer may ask of the app: a 401 signs the user out, the
// x-change-password header forces a password change.
export const followSessionSignals = (status: number, changePassword: boolean): void => {
  if (status === 401 && !onPublicAuthPage()) goTo('#/login');
  if (changePassword && !onPublicAuthPage()) goTo('#/profile?changepassword=true');
};

// A refused answer as an ApiError: the server's {code, message} when it sent one.
export const apiErrorOf = (status: number, text: string, statusText = ''): ApiError => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = ApiErrorBody.safeParse(json);
  if (parsed.success) return new ApiError(status, parsed.data.code, parsed.data.message, parsed.data.details);
  return new ApiError(status, `http_${status}`, text || statusText || SYSTEM_ERROR);
};

const queryString = (query: unknown): string => {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

// The body is checked against the contract but sent as the caller typed it: the
// server parses it with the same schema, and a schema that transforms (rupees
// to paise) must not be applied twice.
const parseBody = (schema: Schema | undefined, body: unknown): unknown => {
  if (!schema || body === undefined) return body;
  const parsed = schema.safeParse(body);
  if (parsed.success) return body;
  const first = parsed.error.issues[0];
  throw new ApiError(400, 'validation', first?.message ?? 'Invalid request');
};

async function send(method: string, url: string, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new ApiError(
      0,
      'network',
      cause instanceof Error && cause.name === 'TimeoutError' ? 'Timed out' : SYSTEM_ERROR,
    );
  }
  followSessionSignals(response.status, response.headers.get('x-change-password') === 'true');
  if (!response.ok) throw apiErrorOf(response.status, await response.text(), response.statusText);
  return response;
}

// Calls one route of the contract table, validating the request body and the answer
// with the route's own zod schemas.
export async function call<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  R extends Schema,
>(route: ApiRoute<P, Q, B, R>, ...[options]: CallArgs<P, Q, B>): Promise<z.output<R>> {
  const opts: { params?: unknown; query?: unknown; body?: unknown } = options ?? {};
  const path = fillPath(route.path, (opts.params ?? {}) as Record<string, string>);
  const body = parseBody(route.body, opts.body);
  const response = await send(route.method, `${API_BASE}${path}${queryString(opts.query)}`, body);
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : {};
  const parsed = route.response.safeParse(json);
  if (!parsed.success)
    throw new ApiError(response.status, 'bad_response', 'Unexpected answer from the server');
  return parsed.data;
}

// Downloads a file answer (zip, xlsx, csv) of a path below API_BASE.
export async function download(method: 'GET' | 'POST', path: string, fallbackName: string): Promise<void> {
  const response = await send(method, `${API_BASE}${path}`, undefined);
  saveBlob(await response.blob(), fileNameOf(response.headers.get('content-disposition')) ?? fallbackName);
}

// The name a download's Content-Disposition gives: its UTF-8 filename* (a
// name in Devanagari, say: the server sends it so, platform/http/attachment.ts)
// before its ASCII filename.
export const fileNameOf = (disposition: string | null): string | null => {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed encoding: the plain name below
    }
  }
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? null;
};

export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
