// The cookies Luma sets (the session, the two-factor challenge, a remembered device): one set of
// attributes for all of them. httpOnly, SameSite=Lax, the whole site, and Secure when the public URL
// is https.
import type { FastifyReply } from 'fastify';
import type { Config } from '../platform/config';

export interface CookieJar {
  set(reply: FastifyReply, name: string, token: string, expires: Date): void;
  clear(reply: FastifyReply, name: string): void;
}

export function cookieJar(config: Pick<Config, 'publicUrl'>): CookieJar {
  const options = { httpOnly: true, sameSite: 'lax', path: '/', secure: new URL(config.publicUrl).protocol === 'https:' } as const;
  return {
    set: (reply, name, token, expires) => void reply.setCookie(name, token, { ...options, expires }),
    clear: (reply, name) => void reply.clearCookie(name, options),
  };
}
