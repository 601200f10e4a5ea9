import type { z } from 'zod';
import type { Permission } from './permissions.ts';

// Who may call a route. The server enforces exactly this, from this table.
export type Access =
  | { kind: 'public' }
  // any signed-in user, UTILITY-USER included (profile, utilities)
  | { kind: 'signedIn' }
  // ADMIN or NORMAL-USER: the spec's "full route set"
  | { kind: 'fullUser' }
  // a full user holding this permission
  | { kind: 'permission'; permission: Permission };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'signedIn' };
export const FULL_USER: Access = { kind: 'fullUser' };
export const needs = (permission: Permission): Access => ({ kind: 'permission', permission });

type Schema = z.ZodType;

export interface ApiRoute<
  P extends Schema | undefined = Schema | undefined,
  Q extends Schema | undefined = Schema | undefined,
  B extends Schema | undefined = Schema | undefined,
  R extends Schema = Schema,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  // Fastify-style path below /taxrecon/api/v1, e.g. '/entity/:id/:subGroupId'
  path: string;
  access: Access;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  // 'binary' answers are files (zip, xlsx); the response schema is then unused.
  produces?: 'json' | 'binary';
  // 'multipart' requests carry files (field `files`); `body` then describes the other form fields.
  consumes?: 'json' | 'multipart';
  // Every path parameter is a credential (a portal login carried in the path):
  // the request log shows none of them.
  secretPath?: true;
  // a larger request body than the app's default (e.g. a challan image as a data URL)
  bodyLimit?: number;
}

export const defineRoute = <
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(
  route: ApiRoute<P, Q, B, R>,
): ApiRoute<P, Q, B, R> => route;

export const API_BASE = '/taxrecon/api/v1';
export const WEBSOCKET_PATH = '/taxrecon/stomp';

// '/entity/:id/:subGroupId' + {id: 'a', subGroupId: 'b'} -> '/entity/a/b'
export const fillPath = (path: string, params: Record<string, string> = {}): string =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
