// POST /v1/auth/login and /v1/auth/logout. Register, two-factor and password reset arrive
// with their own issue; until then they are not routes at all (404), never fake successes.
import type { FastifyPluginAsync } from 'fastify';
import type { LoginRequest, LoginResponse } from '../../../../runtime/api/contract';
import type { ServerContext } from '../../context';
import { login } from '../../services/auth';
import { endSession, SESSION_COOKIE } from '../../services/sessions';

const loginSchema = {
  body: {
    type: 'object',
    required: ['email', 'password'],
    properties: {
      email: { type: 'string', minLength: 1, maxLength: 254 },
      password: { type: 'string', minLength: 1, maxLength: 1024 },
    },
  },
} as const;

export const authRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config }) => {
  const secure = new URL(config.publicUrl).protocol === 'https:';

  host.post<{ Body: LoginRequest }>('/v1/auth/login', { schema: loginSchema, config: { public: true } }, async (request, reply) => {
    const { token, expiresAt } = await login(db, config, request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires: expiresAt });
    const body: LoginResponse = { two_factor: false };
    return body;
  });

  // Public so a browser holding an expired cookie can still clear it.
  host.post('/v1/auth/logout', { config: { public: true } }, async (request, reply) => {
    await endSession(db, request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    return {};
  });
};
