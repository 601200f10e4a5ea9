import { type Access, API_BASE, type ApiRoute, hasFullRouteSet } from '@taxrecon/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Caller } from './caller.ts';
import { forbidden, HttpError, unauthorized } from './errors.ts';

// Route fields are optional, so a route without params has `undefined` there.
type Out<S> = [S] extends [undefined] ? undefined : z.output<NonNullable<S> & z.ZodType>;

export interface HandlerInput<R extends ApiRoute> {
  params: Out<R['params']>;
  query: Out<R['query']>;
  body: Out<R['body']>;
  // present on every route but public ones (the access check guarantees it)
  caller: Caller;
  // on public routes: the caller if a valid token came along
  maybeCaller: Caller | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<R extends ApiRoute> = (
  input: HandlerInput<R>,
) => Promise<R['produces'] extends 'binary' ? unknown : z.input<R['response']>>;

export type Handlers<T extends Record<string, ApiRoute>> = { [K in keyof T]: Handler<T[K]> };

// The one place access is decided: from the route table, never by a handler.
export const checkAccess = (access: Access, caller: Caller | null): void => {
  if (access.kind === 'public') return;
  if (!caller) throw unauthorized();
  if (access.kind === 'signedIn') return;
  if (!hasFullRouteSet(caller.role)) throw forbidden();
  if (caller.mustChangePassword) {
    throw new HttpError(
      403,
      'PASSWORD_CHANGE_REQUIRED',
      'You need to change your password before proceeding any further.',
    );
  }
  if (access.kind === 'permission' && !caller.permissions.includes(access.permission)) throw forbidden();
};

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export const bindRoutes = <T extends Record<string, ApiRoute>>(
  app: FastifyInstance,
  routes: T,
  handlers: Handlers<T>,
): void => {
  for (const [name, route] of Object.entries(routes) as [keyof T & string, ApiRoute][]) {
    const handler = handlers[name] as unknown as Handler<ApiRoute>;
    app.route({
      method: route.method,
      url: `${API_BASE}${route.path}`,
      schema: {
        summary: route.summary,
        operationId: name,
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { querystring: route.query } : {}),
        // multipart bodies are read by the handler as a stream; their fields are checked there
        ...(route.body && route.consumes !== 'multipart' ? { body: route.body } : {}),
        ...(route.produces === 'binary' ? {} : { response: { 200: route.response } }),
      },
      config: { access: route.access },
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      // Access is checked before the body is validated, so an anonymous caller
      // learns nothing about a route's input from its validation errors.
      onRequest: async (request) => checkAccess(route.access, request.caller),
      handler: async (request, reply) => {
        const caller = request.caller;
        return handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          get caller(): Caller {
            if (!caller) throw unauthorized();
            return caller;
          },
          maybeCaller: caller,
          request,
          reply,
        });
      },
    });
  }
};
