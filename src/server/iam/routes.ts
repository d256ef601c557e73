// Administration of the current project (docs/iam.md): /v1/iam/users, invites, roles,
// permissions and API users, and GET /v1/user/api-user. Admins only: everyone else gets 403
// 'forbidden' before the body is even read.
import type { FastifyPluginAsync } from 'fastify';
import type { MemberItem } from '../../../runtime/api/iam';
import {
  apiSecretCreatedSchema,
  apiSecretItemSchema,
  apiUserCreateBody,
  apiUserCreatedSchema,
  apiUserItemSchema,
  arrayOf,
  emptySchema,
  inviteCreateBody,
  inviteCreatedSchema,
  inviteItemSchema,
  memberItemSchema,
  memberUpdateBody,
  replies,
  roleInputBody,
  roleItemSchema,
  secretParams,
  stringListSchema,
  uuidParams,
} from '../../../runtime/api/schemas';
import { specFor, typed } from '../platform/contract';
import { requireAdmin } from './access';
import { createApiSecret, createApiUser, getApiUser, revokeApiSecret } from './api-users';
import { cancelInvite, createInvite, inviteItems } from './invites';
import { getMember, memberItems, removeMember, updateMember } from './members';
import type { PermissionsContext } from './permissions';
import { createRole, editRole, getRole, permissionList, removeRole, roleItems } from './roles';
import { accountabilityOf } from '../auth/session-hook';

const spec = specFor(['iam']);

export const iamRoutes: FastifyPluginAsync<PermissionsContext> = async (plugin, { db, config, mailer, permissions }) => {
  const host = typed(plugin);
  // Runs after the main host's session hook (this plugin is encapsulated).
  host.addHook('onRequest', async (request) => {
    requireAdmin(accountabilityOf(request));
  });

  host.get('/v1/iam/users', spec('The project\'s members (people and API users)', { response: replies({ 200: arrayOf(memberItemSchema) }) }), async (request) => memberItems(db, accountabilityOf(request)));
  host.get('/v1/iam/users/:uuid', spec('One member', { params: uuidParams, response: replies({ 200: memberItemSchema }) }), async (request) => getMember(db, accountabilityOf(request), request.params.uuid));
  host.put('/v1/iam/users/:uuid', spec('Change a member\'s status or roles', { params: uuidParams, body: memberUpdateBody, response: replies({ 200: memberItemSchema }) }), async (request) => updateMember(db, accountabilityOf(request), request.params.uuid, request.body));
  host.delete('/v1/iam/users/:uuid', spec('Remove a member from the project', { params: uuidParams, response: replies({ 200: emptySchema }) }), async (request) => removeMember(db, accountabilityOf(request), request.params.uuid));

  host.get('/v1/iam/invites', spec('Open invites', { response: replies({ 200: arrayOf(inviteItemSchema) }) }), async (request) => inviteItems(db, accountabilityOf(request)));
  host.post('/v1/iam/invites', spec('Invite someone by e-mail', { body: inviteCreateBody, response: replies({ 200: inviteCreatedSchema }) }), async (request) =>
    createInvite(db, accountabilityOf(request), request.body, {
      mailer,
      config,
      onMailError: (error) => request.log.error({ err: error }, 'invite mail not sent'),
    }),
  );
  host.delete('/v1/iam/invites/:uuid', spec('Cancel an invite', { params: uuidParams, response: replies({ 200: emptySchema }) }), async (request) => cancelInvite(db, accountabilityOf(request), request.params.uuid));

  host.get('/v1/iam/roles', spec('The project\'s roles', { response: replies({ 200: arrayOf(roleItemSchema) }) }), async (request) => roleItems(db, accountabilityOf(request)));
  host.post('/v1/iam/roles', spec('Create a role', { body: roleInputBody, response: replies({ 200: roleItemSchema }) }), async (request) => createRole(db, accountabilityOf(request), request.body, permissions));
  host.get('/v1/iam/roles/:uuid', spec('One role', { params: uuidParams, response: replies({ 200: roleItemSchema }) }), async (request) => getRole(db, accountabilityOf(request), request.params.uuid));
  host.put('/v1/iam/roles/:uuid', spec('Edit a role', { params: uuidParams, body: roleInputBody, response: replies({ 200: roleItemSchema }) }), async (request) => editRole(db, accountabilityOf(request), request.params.uuid, request.body, permissions));
  host.delete('/v1/iam/roles/:uuid', spec('Remove a role', { params: uuidParams, response: replies({ 200: emptySchema }) }), async (request) => removeRole(db, accountabilityOf(request), request.params.uuid));

  host.get('/v1/iam/permissions', spec('Every permission string assignable in the project', { response: replies({ 200: stringListSchema }) }), async (request) => permissionList(db, accountabilityOf(request), permissions));

  host.post('/v1/iam/api-users', spec('Create an API user and its first secret', { body: apiUserCreateBody, response: replies({ 200: apiUserCreatedSchema }) }), async (request) => createApiUser(db, accountabilityOf(request), request.body));
  host.get('/v1/iam/api-users/:uuid', spec('One API user and its secrets', { params: uuidParams, response: replies({ 200: apiUserItemSchema }) }), async (request) => getApiUser(db, accountabilityOf(request), request.params.uuid));
  host.post('/v1/iam/api-users/:uuid/secrets', spec('A new secret (shown once)', { params: uuidParams, response: replies({ 200: apiSecretCreatedSchema }) }), async (request) => createApiSecret(db, accountabilityOf(request), request.params.uuid));
  host.post('/v1/iam/api-users/:uuid/secrets/:secret/revoke', spec('Revoke a secret', { params: secretParams, response: replies({ 200: apiSecretItemSchema }) }), async (request) =>
    revokeApiSecret(db, accountabilityOf(request), request.params.uuid, request.params.secret),
  );

  // The project's API users (spec section 7); secrets are read per user at /v1/iam/api-users/{uuid}.
  host.get('/v1/user/api-user', spec('The project\'s API users', { response: replies({ 200: arrayOf(memberItemSchema) }) }), async (request): Promise<MemberItem[]> => memberItems(db, accountabilityOf(request), 'api'));
};
