// buildApp: the Fastify instance with every host, the error shape and the SPA; no listen,
// so tests drive it with inject() or a real listen on port 0.
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { HEADER, HOST_PREFIX } from '../../runtime/api/contract';
import type { Config } from './config';
import type { ServerContext } from './context';
import { installContract } from './contract';
import type { Database } from './db/schema';
import { forbidden, notFound } from './errors';
import { installErrorHandler, sendError } from './errors-handler';
import { integrationHost } from './hosts/integration/index';
import { mainHost } from './hosts/main/index';
import { mediaHost } from './hosts/media/index';
import { sparkHost } from './hosts/spark/index';
import { transactionHost } from './hosts/transaction/index';
import { workflowHost } from './hosts/workflow/index';
import { createMailer, type Mailer } from './services/mail';
import { installSpa } from './spa';

export interface BuildAppOptions {
  config: Config;
  database: { db: Kysely<Database> };
  /** Outgoing mail; by default SMTP from config.smtpUrl, else the log. */
  mailer?: Mailer;
  /** Check every reply against its route's declared schema (docs/api.md); by default on under tests (NODE_ENV=test) and with LUMA_CHECK_RESPONSES=1. */
  checkResponses?: boolean;
  /** Told of every route as it is registered (Fastify's onRoute hook), before any host. */
  onRoute?: (route: RouteOptions) => void;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp({ config, database, mailer, checkResponses, onRoute }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Wrong types are 400s, not silently coerced ('123' for 123).
    // strictTypes off: a permissive body schema names its fields without requiring an object
    // (the service answers a non-object itself, with its own message key; docs/api.md).
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, strictTypes: false } },
    frameworkErrors: (error, request, reply) => {
      sendError(error, request, reply);
    },
  });

  if (onRoute) app.addHook('onRoute', onRoute);
  app.decorateRequest('session', null);
  app.decorateRequest('accountability', null);
  await app.register(fastifyCookie);
  installErrorHandler(app);
  await installContract(app, {
    checkResponses: checkResponses ?? (process.env.NODE_ENV === 'test' || process.env.LUMA_CHECK_RESPONSES === '1'),
  });

  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    reply.header(HEADER.requestUuid, request.id);
    // CSRF defence beyond SameSite: a state-changing request from another origin is refused.
    const origin = request.headers.origin;
    if (origin !== undefined && !SAFE_METHODS.has(request.method)) {
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin !== publicOrigin && origin !== ownOrigin) throw forbidden();
    }
  });

  const context: ServerContext = { db: database.db, config, mailer: mailer ?? createMailer(config, app.log) };
  app.addHook('onClose', async () => context.mailer.close());
  await app.register(mainHost, { ...context, prefix: HOST_PREFIX.main });
  await app.register(workflowHost, { ...context, prefix: HOST_PREFIX.workflow });
  await app.register(mediaHost, { ...context, prefix: HOST_PREFIX.media });
  await app.register(integrationHost, { ...context, prefix: HOST_PREFIX.integration });
  await app.register(transactionHost, { ...context, prefix: HOST_PREFIX.transaction });
  await app.register(sparkHost, { ...context, prefix: HOST_PREFIX.spark });
  // The event bus (HOST_PREFIX.bus) is a WebSocket host that arrives with its feature.

  const spa = await installSpa(app, config.appDir);
  app.setNotFoundHandler(async (request, reply) => {
    if (spa.wants(request)) return spa.sendIndex(reply);
    throw notFound();
  });

  return app;
}
