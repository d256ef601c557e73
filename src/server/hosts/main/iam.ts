// Administration of the current project (docs/iam.md): /v1/iam/users, invites, roles,
// permissions and API users, and GET /v1/user/api-user. Admins only: everyone else gets 403
// 'forbidden' before the body is even read.
import type { FastifyPluginAsync } from 'fastify';
import type { MemberItem } from '../../../../runtime/api/iam';
import type { ServerContext } from '../../context';
import { requireAdmin } from '../../services/iam-access';
import { createApiSecret, createApiUser, getApiUser, revokeApiSecret } from '../../services/iam-api-users';
import { cancelInvite, createInvite, inviteItems } from '../../services/iam-invites';
import { getMember, memberItems, removeMember, updateMember } from '../../services/iam-members';
import { createRole, editRole, getRole, permissionList, removeRole, roleItems } from '../../services/iam-roles';
import { accountabilityOf } from '../session';

type Id = { Params: { uuid: string } };

export const iamRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config, mailer }) => {
  // Runs after the main host's session hook (this plugin is encapsulated).
  host.addHook('onRequest', async (request) => {
    requireAdmin(accountabilityOf(request));
  });

  host.get('/v1/iam/users', async (request) => memberItems(db, accountabilityOf(request)));
  host.get<Id>('/v1/iam/users/:uuid', async (request) => getMember(db, accountabilityOf(request), request.params.uuid));
  host.put<Id>('/v1/iam/users/:uuid', async (request) => updateMember(db, accountabilityOf(request), request.params.uuid, request.body));
  host.delete<Id>('/v1/iam/users/:uuid', async (request) => removeMember(db, accountabilityOf(request), request.params.uuid));

  host.get('/v1/iam/invites', async (request) => inviteItems(db, accountabilityOf(request)));
  host.post('/v1/iam/invites', async (request) =>
    createInvite(db, accountabilityOf(request), request.body, {
      mailer,
      config,
      onMailError: (error) => request.log.error({ err: error }, 'invite mail not sent'),
    }),
  );
  host.delete<Id>('/v1/iam/invites/:uuid', async (request) => cancelInvite(db, accountabilityOf(request), request.params.uuid));

  host.get('/v1/iam/roles', async (request) => roleItems(db, accountabilityOf(request)));
  host.post('/v1/iam/roles', async (request) => createRole(db, accountabilityOf(request), request.body));
  host.get<Id>('/v1/iam/roles/:uuid', async (request) => getRole(db, accountabilityOf(request), request.params.uuid));
  host.put<Id>('/v1/iam/roles/:uuid', async (request) => editRole(db, accountabilityOf(request), request.params.uuid, request.body));
  host.delete<Id>('/v1/iam/roles/:uuid', async (request) => removeRole(db, accountabilityOf(request), request.params.uuid));

  host.get('/v1/iam/permissions', async (request) => permissionList(db, accountabilityOf(request)));

  host.post('/v1/iam/api-users', async (request) => createApiUser(db, accountabilityOf(request), request.body));
  host.get<Id>('/v1/iam/api-users/:uuid', async (request) => getApiUser(db, accountabilityOf(request), request.params.uuid));
  host.post<Id>('/v1/iam/api-users/:uuid/secrets', async (request) => createApiSecret(db, accountabilityOf(request), request.params.uuid));
  host.post<{ Params: { uuid: string; secret: string } }>('/v1/iam/api-users/:uuid/secrets/:secret/revoke', async (request) =>
    revokeApiSecret(db, accountabilityOf(request), request.params.uuid, request.params.secret),
  );

  // The project's API users (spec section 7); secrets are read per user at /v1/iam/api-users/{uuid}.
  host.get('/v1/user/api-user', async (request): Promise<MemberItem[]> => memberItems(db, accountabilityOf(request), 'api'));
};
