// The public sign-in routes (docs/iam.md): POST /v1/auth/login, /two-factor, /logout, /register,
// /password/forgot and /password/reset. Cookies are httpOnly, SameSite=Lax, path '/', and Secure
// when LUMA_PUBLIC_URL is https.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { LoginRequest, LoginResponse } from '../../../../runtime/api/contract';
import { COOKIE, IAM_MESSAGE, type ForgotPasswordRequest, type RegisterResponse, type TwoFactorRequest } from '../../../../runtime/api/iam';
import type { ServerContext } from '../../context';
import { cookieJar } from '../cookies';
import { HttpError } from '../../errors';
import { completeTwoFactor, login } from '../../services/auth';
import { requestPasswordReset, resetPassword } from '../../services/password-reset';
import { register } from '../../services/register';
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

const twoFactorSchema = {
  body: {
    type: 'object',
    required: ['code'],
    properties: {
      code: { type: 'string', maxLength: 64 },
      remember: { type: 'boolean' },
    },
  },
} as const;

const forgotSchema = {
  body: {
    type: 'object',
    required: ['email'],
    properties: { email: { type: 'string', maxLength: 254 } },
  },
} as const;

export const authRoutes: FastifyPluginAsync<ServerContext> = async (host, { db, config, mailer }) => {
  const cookies = cookieJar(config);
  const setCookie = cookies.set;
  const clearCookie = cookies.clear;

  host.post<{ Body: LoginRequest }>('/v1/auth/login', { schema: loginSchema, config: { public: true } }, async (request, reply): Promise<LoginResponse> => {
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

  host.post<{ Body: TwoFactorRequest }>('/v1/auth/two-factor', { schema: twoFactorSchema, config: { public: true } }, async (request, reply): Promise<LoginResponse> => {
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
  });

  host.post('/v1/auth/register', { config: { public: true } }, async (request, reply): Promise<RegisterResponse> => {
    const { uuid, session } = await register(db, config, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
    setCookie(reply, SESSION_COOKIE, session.token, session.expiresAt);
    reply.code(201);
    return { uuid };
  });

  host.post<{ Body: ForgotPasswordRequest }>('/v1/auth/password/forgot', { schema: forgotSchema, config: { public: true } }, async (request) => {
    await requestPasswordReset(db, config, request.body.email, {
      ip: request.ip,
      mailer,
      onMailError: (error) => request.log.error({ err: error }, 'password reset mail not sent'),
    });
    return {};
  });

  host.post('/v1/auth/password/reset', { config: { public: true } }, async (request) => {
    await resetPassword(db, request.body);
    return {};
  });

  // Public so a browser holding an expired cookie can still clear it.
  host.post('/v1/auth/logout', { config: { public: true } }, async (request, reply) => {
    await endSession(db, request.cookies[SESSION_COOKIE]);
    clearCookie(reply, SESSION_COOKIE);
    return {};
  });
};
