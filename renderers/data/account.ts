// Query factories of the caller's own account and of the invite screen (runtime/client/account.ts).
import { queryOptions } from '@tanstack/react-query';
import { inviteInfo, sessions, twoFactorState } from '../../runtime/client/account';

export const accountKeys = {
  invite: (token: string) => ['auth', 'invite', token] as const,
  sessions: ['user', 'sessions'] as const,
  twoFactor: ['user', 'two-factor'] as const,
};

/** 404 'inviteInvalid' for an unknown, used or expired link. */
export const inviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accountKeys.invite(token),
    queryFn: ({ signal }) => inviteInfo(token, signal),
    retry: false,
    staleTime: Infinity,
  });

export const sessionsQueryOptions = () => queryOptions({ queryKey: accountKeys.sessions, queryFn: ({ signal }) => sessions(signal) });

export const twoFactorQueryOptions = () => queryOptions({ queryKey: accountKeys.twoFactor, queryFn: ({ signal }) => twoFactorState(signal) });
