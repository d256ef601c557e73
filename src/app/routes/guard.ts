// The entry guard's decision (spec section 2 "Entry guard"), kept pure so it is tested alone.
import type { Claims, NoAccessReason } from '../../../runtime/api/contract';

export type ClaimsOutcome = { claims: Claims } | { error: unknown };

export type EntryDecision =
  | { kind: 'continue'; projectUuid: string }
  | { kind: 'noAccess'; reason: NoAccessReason; to: '/'; search: { force: true } }
  | { kind: 'signIn'; to: '/login'; search: { redirect: string } };

/**
 * Claims with a project id and no NoAccess: store it and continue. No project id, or the server's reason why
 * nothing can be opened (no role in this workspace, no role at all): the landing page explains it.
 * Any failure (401 included): sign in, then come back to the asked path.
 */
export function resolveEntry(outcome: ClaimsOutcome, askedHref: string): EntryDecision {
  if ('error' in outcome) return { kind: 'signIn', to: '/login', search: { redirect: askedHref } };
  const project = outcome.claims?.ProjectUUID;
  const hasProject = typeof project === 'string' && project.length > 0;
  const reason = outcome.claims?.NoAccess ?? (hasProject ? null : 'noProject');
  if (reason === null) return { kind: 'continue', projectUuid: project as string };
  return { kind: 'noAccess', reason, to: '/', search: { force: true } };
}

export const DEFAULT_AFTER_LOGIN = '/admin/dashboard';

/** Where to go after signing in: only a same-origin path, never back to /login. */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return DEFAULT_AFTER_LOGIN;
  }
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login/')) return DEFAULT_AFTER_LOGIN;
  return value;
}
