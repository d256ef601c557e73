// The invitee's side of invites (public: no session needed, the session cookie is read if sent):
// GET /v1/auth/invite/{token} and POST /v1/auth/invite/{token}/accept (docs/iam.md "Invites").
import type { FastifyPluginAsync } from 'fastify';
import type { InviteAccepted, InviteInfo } from '../../../../runtime/api/iam';
import type { ServerContext } from '../../context';
import { cookieJar } from '../cookies';
import { acceptInvite, inviteInfo } from '../../services/iam-invites';
import { SESSION_COOKIE } from '../../services/sessions';

type Token = { Params: { token: string } };

export const inviteRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config }) => {
  const cookies = cookieJar(config);

  host.get<Token>('/v1/auth/invite/:token', { config: { public: true } }, async (request): Promise<InviteInfo> => inviteInfo(db, request.params.token));

  host.post<Token>('/v1/auth/invite/:token/accept', { config: { public: true } }, async (request, reply): Promise<InviteAccepted> => {
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
