// GET /v1/user/claims, /role/permissions, /role/list, /permissions/list, /model; POST /v1/user/profile/edit;
// the caller's sessions (GET /v1/user/sessions, DELETE /v1/user/sessions/{uuid}, POST /v1/user/sessions/end-others)
// and two-factor enrolment (GET /v1/user/two-factor, POST .../setup, .../enable, .../disable). Sessions and
// two-factor belong to people signed in with a session: an API user (bearer) gets 403 'forbidden' there.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Claims, RolePermissions, RoleSummary, UserModel } from '../../../../runtime/api/contract';
import type { SessionItem, TwoFactorCode, TwoFactorSetup, TwoFactorState } from '../../../../runtime/api/iam';
import type { ServerContext } from '../../context';
import { cookieJar } from '../cookies';
import { nonAdminRolesOfProject } from '../../db/queries/tenancy';
import { forbidden } from '../../errors';
import { permissionListOf, rolePermissions } from '../../services/permissions';
import { endOtherSessions, endSessionByUuid, listSessions, SESSION_COOKIE, type ActiveSession } from '../../services/sessions';
import { requireProject } from '../../services/tenancy';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor, twoFactorState } from '../../services/two-factor';
import { editProfile, toUserModel } from '../../services/users';
import { accountabilityOf } from '../session';

/** The caller's session; API users have none (403). */
function sessionOf(request: FastifyRequest): ActiveSession {
  accountabilityOf(request);
  if (!request.session) throw forbidden();
  return request.session;
}

const codeSchema = {
  body: {
    type: 'object',
    required: ['code'],
    properties: { code: { type: 'string', maxLength: 64 } },
  },
} as const;

export const userRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config }) => {
  const cookies = cookieJar(config);

  host.get('/v1/user/claims', async (request): Promise<Claims> => {
    const accountability = accountabilityOf(request);
    return { ProjectUUID: accountability.project_uuid, IsAdmin: accountability.is_admin };
  });

  host.get('/v1/user/role/permissions', async (request): Promise<RolePermissions> => rolePermissions(accountabilityOf(request)));

  host.get('/v1/user/role/list', async (request): Promise<RoleSummary[]> => {
    return nonAdminRolesOfProject(db, requireProject(accountabilityOf(request)));
  });

  host.get('/v1/user/permissions/list', async (request): Promise<string[]> => {
    return permissionListOf(db, accountabilityOf(request));
  });

  host.get('/v1/user/model', async (request): Promise<UserModel> => {
    const accountability = accountabilityOf(request);
    return toUserModel(accountability.user, accountability);
  });

  host.post('/v1/user/profile/edit', async (request): Promise<UserModel> =>
    editProfile(db, accountabilityOf(request), request.body, { currentSessionHash: request.session?.idHash ?? null }),
  );

  // ---- Sessions ----

  host.get('/v1/user/sessions', async (request): Promise<SessionItem[]> => listSessions(db, config, sessionOf(request)));

  host.delete<{ Params: { uuid: string } }>('/v1/user/sessions/:uuid', async (request, reply) => {
    const wasCurrent = await endSessionByUuid(db, sessionOf(request), request.params.uuid);
    if (wasCurrent) cookies.clear(reply, SESSION_COOKIE);
    return {};
  });

  host.post('/v1/user/sessions/end-others', async (request): Promise<{ ended: number }> => ({ ended: await endOtherSessions(db, sessionOf(request)) }));

  // ---- Two-factor ----

  host.get('/v1/user/two-factor', async (request): Promise<TwoFactorState> => twoFactorState(db, sessionOf(request).userUuid));

  host.post('/v1/user/two-factor/setup', async (request): Promise<TwoFactorSetup> => setupTwoFactor(db, sessionOf(request).userUuid));

  host.post<{ Body: TwoFactorCode }>('/v1/user/two-factor/enable', { schema: codeSchema }, async (request): Promise<TwoFactorState> =>
    enableTwoFactor(db, sessionOf(request).userUuid, request.body.code),
  );

  host.post<{ Body: TwoFactorCode }>('/v1/user/two-factor/disable', { schema: codeSchema }, async (request): Promise<TwoFactorState> =>
    disableTwoFactor(db, config, sessionOf(request).userUuid, request.body.code),
  );
};
