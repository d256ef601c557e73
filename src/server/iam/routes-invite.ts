// The invitee's side of invites (public: no session needed, the session cookie is read if sent):
// GET /v1/auth/invite/{token} and POST /v1/auth/invite/{token}/accept (docs/iam.md "Invites").
import type { FastifyPluginAsync } from 'fastify';
import type { InviteAccepted, InviteInfo } from '../../../runtime/api/iam';
import { inviteAcceptBody, inviteAcceptedResponse, inviteInfoResponse, replies, tokenParams } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { typed } from '../platform/contract';
import { cookieJar } from '../auth/cookies';
import { acceptInvite, inviteInfo } from './invites';
import { SESSION_COOKIE } from '../auth/sessions';

const TAGS = ['auth'];

export const inviteRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db, config }) => {
  const host = typed(plugin);
  const cookies = cookieJar(config);

  host.get(
    '/v1/auth/invite/:token',
    { schema: { tags: TAGS, summary: 'What an invite link is for', params: tokenParams, response: replies({ 200: inviteInfoResponse }) }, config: { public: true } },
    async (request): Promise<InviteInfo> => inviteInfo(db, request.params.token));

  host.post(
    '/v1/auth/invite/:token/accept',
    {
      schema: { tags: TAGS, summary: 'Accept an invite', params: tokenParams, body: inviteAcceptBody, response: replies({ 200: inviteAcceptedResponse }) },
      config: { public: true },
    }, async (request, reply): Promise<InviteAccepted> => {
    const result = await acceptInvite(db, request.params.token, request.body, {
      config,
      sessionToken: request.cookies[SESSION_COOKIE],
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    if (result.session) cookies.set(reply, SESSION_COOKIE, result.session.token, result.session.expiresAt);
    return result.body;
  });
};
