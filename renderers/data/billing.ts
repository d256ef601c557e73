// Query factories of the transaction host's reads (runtime/client/billing.ts): the project's
// subscriptions and the payment information, one key each (the checkout screen and the media screen's
// Buy read the same cache).
import { queryOptions } from '@tanstack/react-query';
import { billingApi } from '../../runtime/client/billing';

export const billingKeys = {
  subscriptions: ['billing', 'subscriptions'] as const,
  paymentInfo: ['billing', 'payment-info'] as const,
  approvals: ['billing', 'approvals'] as const,
};

export const subscriptionsQueryOptions = () => queryOptions({ queryKey: billingKeys.subscriptions, queryFn: ({ signal }) => billingApi.subscriptions(signal) });

export const paymentInfoQueryOptions = () => queryOptions({ queryKey: billingKeys.paymentInfo, queryFn: ({ signal }) => billingApi.paymentInfo(signal) });

/** The operators' list of bank transfers waiting (403 for anyone else: not retried, it is an answer). */
export const approvalsQueryOptions = () => queryOptions({ queryKey: billingKeys.approvals, queryFn: ({ signal }) => billingApi.approvals(signal), retry: false });
