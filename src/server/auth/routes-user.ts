// The caller's own account under /v1/user: GET /v1/user/claims, /model; POST /v1/user/profile/edit; the
// caller's sessions (GET /v1/user/sessions, DELETE /v1/user/sessions/{uuid}, POST /v1/user/sessions/end-others)
// and two-factor enrolment (GET /v1/user/two-factor, POST .../setup, .../enable, .../disable). Sessions and
// two-factor belong to people signed in with a session: an API user (bearer) gets 403 'forbidden' there.
// The caller's roles and permissions under /v1/user are IAM's (iam/routes-user.ts).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { JSONSchema } from 'json-schema-to-ts';
import type { Kysely } from 'kysely';
import type { Claims, NoAccessReason, UserModel } from '../../../runtime/api/contract';
import type { SessionItem, TwoFactorSetup, TwoFactorState } from '../../../runtime/api/iam';
import {
  arrayOf,
  claimsResponse,
  codeBody,
  emptySchema,
  endedResponse,
  profileEditBody,
  replies,
  sessionItemSchema,
  twoFactorSetupResponse,
  twoFactorStateResponse,
  userModelResponse,
  uuidParams,
} from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { typed } from '../platform/contract';
import { cookieJar } from './cookies';
import { forbidden } from '../platform/errors';
import { endOtherSessions, endSessionByUuid, listSessions, SESSION_COOKIE, type ActiveSession } from './sessions';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor, twoFactorState } from './two-factor';
import { editProfile, toUserModel } from './users';
import { accountabilityOf } from './session-hook';
import type { Database } from '../db/schema';
import type { Accountability } from './tenancy';
import { holdsRoleInProject } from './tenancy-sql';

/**
 * Why the caller can open nothing (spec section 4), or null: no project; roles in the project but none in the
 * workspace it acts in; no role at all. The extra query runs only for a member with no role here.
 */
async function noAccessReason(db: Kysely<Database>, accountability: Accountability): Promise<NoAccessReason | null> {
  if (accountability.project_uuid === null) return 'noProject';
  if (accountability.roles.length > 0) return null;
  return (await holdsRoleInProject(db, accountability.user.uuid, accountability.project_uuid)) ? 'noWorkspaceRole' : 'noRoles';
}

/** The caller's session; API users have none (403). */
function sessionOf(request: FastifyRequest): ActiveSession {
  accountabilityOf(request);
  if (!request.session) throw forbidden();
  return request.session;
}

const TAGS = ['user'];
const get = <const R extends JSONSchema>(summary: string, response: R) => ({ schema: { tags: TAGS, summary, response: replies({ 200: response }) } }) as const;

export const userRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db, config }) => {
  const host = typed(plugin);
  const cookies = cookieJar(config);

  host.get('/v1/user/claims', get('The caller\'s project and admin flag, and NoAccess when it can open nothing', claimsResponse), async (request): Promise<Claims> => {
    const accountability = accountabilityOf(request);
    const claims: Claims = { ProjectUUID: accountability.project_uuid, IsAdmin: accountability.is_admin };
    const reason = await noAccessReason(db, accountability);
    return reason ? { ...claims, NoAccess: reason } : claims;
  });

  host.get('/v1/user/model', get('The caller', userModelResponse), async (request): Promise<UserModel> => {
    const accountability = accountabilityOf(request);
    return toUserModel(accountability.user, accountability);
  });

  host.post('/v1/user/profile/edit', { schema: { tags: TAGS, summary: 'Edit the caller\'s profile', body: profileEditBody, response: replies({ 200: userModelResponse }) } }, async (request): Promise<UserModel> =>
    editProfile(db, accountabilityOf(request), request.body, { currentSessionHash: request.session?.idHash ?? null }),
  );

  // ---- Sessions ----

  host.get('/v1/user/sessions', get('The caller\'s sessions, newest first', arrayOf(sessionItemSchema)), async (request): Promise<SessionItem[]> => listSessions(db, config, sessionOf(request)));

  host.delete('/v1/user/sessions/:uuid', { schema: { tags: TAGS, summary: 'End one of the caller\'s sessions', params: uuidParams, response: replies({ 200: emptySchema }) } }, async (request, reply) => {
    const wasCurrent = await endSessionByUuid(db, sessionOf(request), request.params.uuid);
    if (wasCurrent) cookies.clear(reply, SESSION_COOKIE);
    return {};
  });

  host.post('/v1/user/sessions/end-others', get('End the caller\'s other sessions', endedResponse), async (request): Promise<{ ended: number }> => ({ ended: await endOtherSessions(db, sessionOf(request)) }));

  // ---- Two-factor ----

  host.get('/v1/user/two-factor', get('Whether two-factor sign-in is on', twoFactorStateResponse), async (request): Promise<TwoFactorState> => twoFactorState(db, sessionOf(request).userUuid));

  host.post('/v1/user/two-factor/setup', get('A new pending TOTP secret', twoFactorSetupResponse), async (request): Promise<TwoFactorSetup> => setupTwoFactor(db, sessionOf(request).userUuid));

  host.post('/v1/user/two-factor/enable', { schema: { tags: TAGS, summary: 'Turn two-factor on with a code', body: codeBody, response: replies({ 200: twoFactorStateResponse }) } }, async (request): Promise<TwoFactorState> =>
    enableTwoFactor(db, sessionOf(request).userUuid, request.body.code),
  );

  host.post('/v1/user/two-factor/disable', { schema: { tags: TAGS, summary: 'Turn two-factor off with a code', body: codeBody, response: replies({ 200: twoFactorStateResponse }) } }, async (request): Promise<TwoFactorState> =>
    disableTwoFactor(db, config, sessionOf(request).userUuid, request.body.code),
  );
};
