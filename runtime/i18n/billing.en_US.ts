// Billing (docs/billing.md): the transaction host's message keys (runtime/api/billing.ts BILLING_MESSAGE)
// beyond the spec's own (checkoutMethodCurrentlyDisabled, failedToCheckout, userLimitExceeded and the
// billing form's, in serverMessages), and the billing card's lookup.
export const billingEn_US = {
  checkoutMethodNotConfigured: 'This checkout method is not configured yet.',
  billingInformationRequired: 'Save your billing information before going to checkout.',
  priceNotFound: 'This price does not exist.',
  subscriptionNotFound: 'This subscription does not exist.',
  subscriptionNotExpired: 'A subscription can be removed only once it has expired.',
  trialAlreadyUsed: 'The trial of this product has already been used.',
  subscriptionWrongState: 'The subscription is not in a state that allows this.',
  webhookSignatureInvalid: 'The webhook signature is not valid.',
};

export type BillingMessageKey = keyof typeof billingEn_US;
