// buildApp: the Fastify instance with every host, the error shape and the SPA; no listen,
// so tests drive it with inject() or a real listen on port 0.
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { HEADER, HOST_PREFIX } from '../../runtime/api/contract';
import type { Config } from './platform/config';
import type { HostContext } from './hosts/context';
import { installContract, isApiPath } from './platform/contract';
import type { OpenDatabase } from './db/database';
import type { Database } from './db/schema';
import { notFound } from './platform/errors';
import { installErrorHandler, sendError } from './platform/errors-handler';
import { busHost } from './hosts/bus/index';
import { integrationHost } from './hosts/integration/index';
import { mainHost } from './hosts/main/index';
import { mediaHost } from './hosts/media/index';
import { installMediaFileRoutes } from './media/routes-serve';
import { authenticate } from './auth/session-hook';
import { sparkHost } from './hosts/spark/index';
import { transactionHost } from './hosts/transaction/index';
import { workflowHost } from './hosts/workflow/index';
import { ratchetHost } from './hosts/ratchet/index';
import { installApiLog, type ApiLogWriter } from './scout/api-log';
import { createProcessLogger } from './platform/log';
import { createMailer, type Mailer } from './platform/mail';
import { startPlatform, type Platform } from './instance';
import { applySecurityHeaders, installInputGuard, installOriginCheck, installSecurityHeaders } from './platform/security';
import { installSdkTypes } from './usercode/sdk-types';
import { hasSecretKeys, resolveSecretKeys, setSecretKeys } from './platform/secret-box';
import { installSpa } from './hosts/spa';
import { installPublicAppHosts } from './public-apps/serve';
import { publicAppServedRoutes } from './public-apps/routes-public';
import { installForgeBundleRoutes } from './forge/serve';
import { declarePluginFieldTypes } from './platform/plugins';
import { configureScriptPool } from './usercode/sandbox';
import { endUpgradeAfterReply, guardUpgrades } from './platform/upgrades';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scout's API call log writer (scout/api-log.ts): flush() writes what is buffered now. */
    apiLog: ApiLogWriter;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** The database; an OpenDatabase (kind, pglite, url) when no platform is given. */
  database: { db: Kysely<Database> } & Partial<Pick<OpenDatabase, 'kind' | 'pglite' | 'url'>>;
  /** Jobs and bus; by default started here on the database (role 'all') and stopped when the app closes. */
  platform?: Platform;
  /** Outgoing mail; by default SMTP from config.smtpUrl, else the log. */
  mailer?: Mailer;
  /** Check every reply against its route's declared schema (docs/api.md); by default on under tests (NODE_ENV=test) and with LUMA_CHECK_RESPONSES=1. */
  checkResponses?: boolean;
  /** Told of every route as it is registered (Fastify's onRoute hook), before any host. */
  onRoute?: (route: RouteOptions) => void;
  /** The process log (src/server/platform/log.ts: every line redacted); by default a new one on stdout at config.logLevel. */
  logger?: FastifyBaseLogger;
}

export async function buildApp({ config, database, mailer, platform: given, checkResponses, onRoute, logger }: BuildAppOptions): Promise<FastifyInstance> {
  // Before any settings or record is checked: the plugins' field types join the built-in table.
  await declarePluginFieldTypes(config.plugins);
  // Typed as Fastify's logger (a pino Logger is one) so that the instance keeps Fastify's default types.
  const processLog: FastifyBaseLogger = logger ?? createProcessLogger(config.logLevel);
  configureScriptPool({ size: config.scriptWorkers, memoryBytes: config.scriptMemoryBytes });
  // The secrets-at-rest keys: main.ts installs them before migrating; an app built alone (tests) from its config.
  if (!hasSecretKeys()) setSecretKeys(resolveSecretKeys(config));
  const app = Fastify({
    // Secrets never reach a line of it (docs/security.md "Secrets in logs").
    loggerInstance: processLog,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Wrong types are 400s, not silently coerced ('123' for 123).
    // strictTypes off: a permissive body schema names its fields without requiring an object
    // (the service answers a non-object itself, with its own message key; docs/api.md).
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, strictTypes: false } },
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(request, reply, config);
      sendError(error, request, reply);
      endUpgradeAfterReply(request, reply);
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

  app.addHook('onRequest', async (request, reply) => {
    reply.header(HEADER.requestUuid, request.id);
  });
  installSecurityHeaders(app, config);
  // Before the origin check: a public app's Host (docs/public-apps.md) is served without a session.
  app.decorateRequest('ownWriteOrigins', null);
  installPublicAppHosts(app, { db: database.db, config });
  installOriginCheck(app, config);
  installInputGuard(app);
  guardUpgrades(app);

  let platform = given;
  if (!platform) {
    if (!database.kind) throw new Error('buildApp: give a platform, or an OpenDatabase to start one on');
    const own = await startPlatform({ db: database.db, kind: database.kind, pglite: database.pglite ?? null, url: database.url ?? null }, config, {
      role: 'all',
      log: (error, message) => app.log.error({ err: error }, message),
    });
    platform = own;
    app.addHook('onClose', async () => own.stop());
  }
  const context: HostContext = { db: database.db, config, mailer: mailer ?? createMailer(config, app.log), jobs: platform.jobs, bus: platform.bus, callers: platform.callers, totals: platform.totals };
  app.addHook('onClose', async () => context.mailer.close());
  // Scout's API call log: captured for every /api host, written in batches off the request path.
  app.decorate('apiLog', installApiLog(app, database.db, (error) => app.log.error({ err: error }, 'api log batch was not written')));
  await app.register(mainHost, { ...context, prefix: HOST_PREFIX.main });
  await app.register(workflowHost, { ...context, prefix: HOST_PREFIX.workflow });
  await app.register(mediaHost, { ...context, prefix: HOST_PREFIX.media });
  await app.register(integrationHost, { ...context, prefix: HOST_PREFIX.integration });
  await app.register(transactionHost, { ...context, prefix: HOST_PREFIX.transaction });
  await app.register(sparkHost, { ...context, prefix: HOST_PREFIX.spark });
  await app.register(busHost, { ...context, prefix: HOST_PREFIX.bus });
  await app.register(ratchetHost, { ...context, prefix: HOST_PREFIX.ratchet });

  installSdkTypes(app);
  // The media file URL at the site root, before the SPA's fallback would answer it with the app's page.
  installMediaFileRoutes(app, context);
  // The served public apps' own calls (no session; 404 unless the Host is a public app's).
  await app.register(publicAppServedRoutes, context);
  // Forge bundles at the site root, outside every host: no session, their own sandboxing CSP.
  installForgeBundleRoutes(app, database.db, config);
  const spa = await installSpa(app, config.appDir);
  app.setNotFoundHandler(async (request, reply) => {
    // A public app's hostname never gets the platform's page (public-apps/serve.ts answers its pages).
    if (!request.publicApp && spa.wants(request)) return spa.sendIndex(reply);
    // An unknown path under a host's prefix asks who calls first: 401 before 404, as on every host.
    if (isApiPath(request.url.split('?')[0] ?? '')) await authenticate(context, request, reply);
    throw notFound();
  });

  return app;
}
