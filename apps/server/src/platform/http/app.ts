import fs from 'node:fs';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { API_BASE, type ApiRoute, apiRoutes, WEBSOCKET_PATH } from '@taxrecon/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { AppContext } from '../context.ts';
import { bearerToken, findCaller } from './caller.ts';
import { HttpError } from './errors.ts';
import { nulValuePath } from './nul-values.ts';
import { urlRedactor } from './redact-url.ts';
import { type Issue, specificIssues, UNION_DEFAULT, unionIssues } from './union-issues.ts';

// PostgreSQL's data exceptions a request value causes: invalid text for the
// type (22P02), a bad or out-of-range date (22007, 22008), a number out of
// range (22003), text longer than its column (22001), bytes that are not
// text (22021) or a \u0000 in jsonb (22P05) from a value the NUL check below
// does not see (a multipart field).
const REQUEST_VALUE_STATES = new Set(['22P02', '22007', '22008', '22003', '22001', '22021', '22P05']);
export interface BuildOptions {
  // how many sign-in attempts one address may make a minute
  loginRateLimit: number;
}

// Public routes that send mail or check passwords get a per-address rate limit on top of the account lockout.
const RATE_LIMITED = new Set([
  '/login',
  '/generate-registration-link/:userName',
  '/generate-reset-password-link/:userId',
]);

export const buildApp = async (
  ctx: AppContext,
  options: BuildOptions,
  register: (app: FastifyInstance) => void,
): Promise<FastifyInstance> => {
  const redactUrl = urlRedactor(apiRoutes);
  // Fastify logs through the context's logger, the process's one logger, with
  // the request's URL tokens and link secrets blanked.
  const loggerInstance: FastifyBaseLogger = ctx.log.child(
    {},
    {
      serializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
  );
  const app = Fastify({
    loggerInstance,
    bodyLimit: 10 * 1024 * 1024,
    // A path value may be a file's name (downloads from the folders): Fastify's
    // default of 100 characters answered a longer name "No such API route".
    routerOptions: { maxParamLength: 1000 },
    // request.ip, the rate limit's key, is the socket's peer unless it is a configured proxy
    trustProxy: ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine injects style tags; the captcha widget runs its solver in a blob worker.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'"],
      },
    },
  });
  // Added before @fastify/rate-limit registers its own onRoute hook, which reads
  // config.rateLimit: a hook added after it would set the limit too late to count.
  app.addHook('onRoute', (route) => {
    const path = route.url.startsWith(API_BASE) ? route.url.slice(API_BASE.length) : null;
    if (path && RATE_LIMITED.has(path)) {
      route.config = {
        ...(route.config ?? {}),
        rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' },
      };
    }
  });

  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 200_000_000, files: 20 } });
  await app.register(websocket);
  await app.register(swagger, {
    openapi: { info: { title: 'TaxRecon API', version: '1.0' }, servers: [] },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/taxrecon/docs' });

  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    request.caller = token ? await findCaller(ctx.db, token) : null;
    // The web client watches this header and sends the user to change the password.
    if (request.caller?.mustChangePassword) reply.header('x-change-password', 'true');
  });
  app.addHook('preValidation', async (request, reply) => {
    const parts = [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const;
    for (const [part, value] of parts) {
      const at = nulValuePath(value);
      if (at === null) continue;
      return reply.status(400).send({
        code: 'NUL_CHARACTER',
        message: `The request's ${part} value ${at} holds a NUL character (U+0000), which no value may hold.`,
        details: [{ path: at, message: 'holds a NUL character (U+0000)' }],
      });
    }
  });
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.flatMap((v) => {
        const { errors } = v.params as { errors?: Issue[][] };
        if (v.keyword !== 'invalid_union' || !Array.isArray(errors) || v.message !== UNION_DEFAULT)
          return [{ path: v.instancePath, message: v.message ?? 'invalid' }];
        const at = v.instancePath.replace(/\/$/, '');
        return unionIssues(errors).map((i) => ({
          path: i.path.length ? `${at}/${i.path.join('/')}` : v.instancePath,
          message: i.message,
        }));
      });
      return reply
        .status(400)
        .send({ code: 'VALIDATION', message: details[0]?.message ?? 'Invalid request', details });
    }
    // Input checked by hand (multipart fields, job input built from a request)
    // fails with a plain ZodError: the caller sent it, so it answers 400 too.
    if (error instanceof ZodError) {
      const details = error.issues
        .flatMap((issue) => specificIssues(issue as Issue))
        .map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      const first = details[0];
      return reply.status(400).send({
        code: 'VALIDATION',
        message: first ? (first.path ? `${first.path}: ${first.message}` : first.message) : 'Invalid request',
        details,
      });
    }
    if (error instanceof HttpError)
      return reply.status(error.status).send({
        code: error.code,
        message: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    // A value of the request the database cannot take as its column's type (a
    // uuid, a calendar date, a number out of range, text too long): the caller
    // sent it, so it answers 400 saying which value, not 500. Other database
    // errors (division by zero, a broken constraint) are the server's.
    const sqlState = (error as { code?: unknown }).code;
    if (typeof sqlState === 'string' && REQUEST_VALUE_STATES.has(sqlState)) {
      request.log.warn({ err: error }, 'a request value the database refused');
      return reply.status(400).send({
        code: 'BAD_VALUE',
        message: `A value in the request is not valid: ${(error as Error).message}`,
      });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429)
      return reply
        .status(429)
        .send({ code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a minute and try again.' });
    if (status < 500)
      return reply.status(status).send({ code: 'BAD_REQUEST', message: (error as Error).message });
    request.log.error(error);
    return reply
      .status(500)
      .send({ code: 'INTERNAL', message: 'Something went wrong on the server. Please try again.' });
  });

  // The session token arrives as the socket's first message, {"token": "..."},
  // never in the URL, where proxies and access logs would keep it.
  app.get(WEBSOCKET_PATH, { websocket: true }, (socket, request) => {
    const refuse = () => socket.close(4401, 'unauthorized');
    const timer = setTimeout(refuse, 10_000);
    socket.once('message', async (data) => {
      clearTimeout(timer);
      let token: unknown;
      try {
        token = (JSON.parse(String(data)) as { token?: unknown }).token;
      } catch {
        token = undefined;
      }
      let caller: Awaited<ReturnType<typeof findCaller>> = null;
      try {
        caller = typeof token === 'string' && token ? await findCaller(ctx.db, token) : null;
      } catch (error) {
        // a listener's rejection would go unhandled and end the process
        request.log.error(error);
        return socket.close(1011, 'server error');
      }
      if (!caller) return refuse();
      if (socket.readyState !== socket.OPEN) return;
      const unsubscribe = ctx.hub.subscribe(caller.userId, socket);
      socket.on('close', unsubscribe);
      socket.send(JSON.stringify({ msgType: 'info', msg: 'connected', detail: '' }));
    });
    socket.on('close', () => clearTimeout(timer));
  });

  register(app);

  if (ctx.config.webDist && fs.existsSync(ctx.config.webDist)) {
    await app.register(fastifyStatic, { root: ctx.config.webDist, prefix: '/', index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/taxrecon/')) {
      return reply
        .status(404)
        .send({ code: 'NOT_FOUND', message: `No such API route: ${request.method} ${request.url}` });
    }
    // Hash routing means every screen lives under '/', so other paths are simply not found.
    return reply.status(404).type('text/plain').send('Not found');
  });
  return app;
};

export type { ApiRoute };
