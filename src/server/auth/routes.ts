// The public sign-in routes (docs/iam.md): POST /v1/auth/login, /two-factor, /logout, /register,
// /password/forgot and /password/reset. Cookies are httpOnly, SameSite=Lax, path '/', and Secure
// when LUMA_PUBLIC_URL is https.
import type { FastifyPluginAsync } from 'fastify';
import type { LoginResponse } from '../../../runtime/api/contract';
import { COOKIE, IAM_MESSAGE, type RegisterResponse } from '../../../runtime/api/iam';
import { emptySchema, forgotBody, loginBody, loginResponse, registerBody, registerResponse, replies, resetBody, twoFactorBody } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { typed } from '../platform/contract';
import { cookieJar } from './cookies';
import { HttpError } from '../platform/errors';
import { completeTwoFactor, login } from './sign-in';
import { requestPasswordReset, resetPassword } from './password-reset';
import { register } from './register';
import { endSession, SESSION_COOKIE } from './sessions';

const TAGS = ['auth'];

export const authRoutes: FastifyPluginAsync<ServerContext> = async (plugin, { db, config, mailer }) => {
  const host = typed(plugin);
  const cookies = cookieJar(config);
  const setCookie = cookies.set;
  const clearCookie = cookies.clear;

  host.post('/v1/auth/login', { schema: { tags: TAGS, summary: 'Sign in', body: loginBody, response: replies({ 200: loginResponse }) }, config: { public: true } }, async (request, reply): Promise<LoginResponse> => {
    const result = await login(db, config, request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      deviceToken: request.cookies[COOKIE.device],
    });
    if (result.twoFactor) {
      setCookie(reply, COOKIE.twoFactor, result.challenge.token, result.challenge.expiresAt);
      return { two_factor: true };
    }
    setCookie(reply, SESSION_COOKIE, result.session.token, result.session.expiresAt);
    return { two_factor: false };
  });

  host.post(
    '/v1/auth/two-factor',
    { schema: { tags: TAGS, summary: 'The second sign-in step (needs the luma_2fa cookie)', body: twoFactorBody, response: replies({ 200: loginResponse }) }, config: { public: true } }, async (request, reply): Promise<LoginResponse> => {
    try {
      const { session, device } = await completeTwoFactor(
        db,
        config,
        { challengeToken: request.cookies[COOKIE.twoFactor], code: request.body.code, remember: request.body.remember === true },
        { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
      );
      clearCookie(reply, COOKIE.twoFactor);
      setCookie(reply, SESSION_COOKIE, session.token, session.expiresAt);
      if (device) setCookie(reply, COOKIE.device, device.token, device.expiresAt);
      return { two_factor: false };
    } catch (error) {
      // A dropped or expired challenge: the browser stops sending its cookie.
      if (error instanceof HttpError && error.message === IAM_MESSAGE.twoFactorExpired) clearCookie(reply, COOKIE.twoFactor);
      throw error;
    }
  },
  );

  host.post('/v1/auth/register', { schema: { tags: TAGS, summary: 'Create an account and sign in', body: registerBody, response: replies({ 201: registerResponse }) }, config: { public: true } }, async (request, reply): Promise<RegisterResponse> => {
    const { uuid, session } = await register(db, config, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
    setCookie(reply, SESSION_COOKIE, session.token, session.expiresAt);
    reply.code(201);
    return { uuid };
  });

  host.post('/v1/auth/password/forgot', { schema: { tags: TAGS, summary: 'Mail a reset link (answers {} either way)', body: forgotBody, response: replies({ 200: emptySchema }) }, config: { public: true } }, async (request) => {
    await requestPasswordReset(db, config, request.body.email, {
      ip: request.ip,
      mailer,
      onMailError: (error) => request.log.error({ err: error }, 'password reset mail not sent'),
    });
    return {};
  });

  host.post('/v1/auth/password/reset', { schema: { tags: TAGS, summary: 'Set a new password from a reset link', body: resetBody, response: replies({ 200: emptySchema }) }, config: { public: true } }, async (request) => {
    await resetPassword(db, request.body);
    return {};
  });

  // Public so a browser holding an expired cookie can still clear it.
  host.post('/v1/auth/logout', { schema: { tags: TAGS, summary: 'End the session', response: replies({ 200: emptySchema }) }, config: { public: true } }, async (request, reply) => {
    await endSession(db, request.cookies[SESSION_COOKIE]);
    clearCookie(reply, SESSION_COOKIE);
    return {};
  });
};
