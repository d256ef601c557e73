// Billing's settings (src/server/platform/config-billing.ts; docs/billing.md): defaults, the methods
// switch, currency rates, and a setting in a wrong form stopping the start.
import { describe, expect, it } from 'vitest';
import { billingConfig } from '../../../src/server/platform/config-billing';

describe('billing settings', () => {
  it('defaults: both methods on, Stripe endpoint, neither provider configured, 14 trial days, EUR only, 25 users, no paid product', () => {
    expect(billingConfig({})).toEqual({
      methods: ['card', 'bank_transfer'],
      card: { endpoint: 'https://api.stripe.com', secretKey: null, webhookSecret: null, toleranceSeconds: 300 },
      bank: null,
      trialDays: 14,
      currencyRates: {},
      userLimit: 25,
      paidProducts: [],
    });
  });

  it('reads the methods, the card and bank settings and the rates', () => {
    const config = billingConfig({
      LUMA_CHECKOUT_METHODS: 'bank_transfer',
      LUMA_CARD_ENDPOINT: 'http://127.0.0.1:9999/',
      LUMA_CARD_SECRET_KEY: 'sk',
      LUMA_CARD_WEBHOOK_SECRET: 'wh',
      LUMA_BANK_PAYEE: 'Luma',
      LUMA_BANK_ACCOUNT: 'RS35',
      LUMA_CURRENCY_RATES: 'RSD=117.2, USD=1.08',
    });
    expect(config.methods).toEqual(['bank_transfer']);
    expect(config.card.endpoint).toBe('http://127.0.0.1:9999');
    expect(config.bank).toEqual({ payee: 'Luma', account: 'RS35' });
    expect(config.currencyRates).toEqual({ RSD: 117.2, USD: 1.08 });
    expect(billingConfig({ LUMA_CHECKOUT_METHODS: 'none' }).methods).toEqual([]);
    expect(billingConfig({ LUMA_BANK_PAYEE: 'Luma' }).bank).toBeNull();
    expect(billingConfig({ LUMA_PAID_PRODUCTS: ' luma-media, luma-media ' }).paidProducts).toEqual(['luma-media']);
  });

  it('refuses a setting in a wrong form', () => {
    expect(() => billingConfig({ LUMA_CHECKOUT_METHODS: 'cash' })).toThrow(/LUMA_CHECKOUT_METHODS/);
    expect(() => billingConfig({ LUMA_CURRENCY_RATES: 'rsd=1' })).toThrow(/LUMA_CURRENCY_RATES/);
    expect(() => billingConfig({ LUMA_CURRENCY_RATES: 'RSD=-1' })).toThrow(/LUMA_CURRENCY_RATES/);
    expect(() => billingConfig({ LUMA_TRIAL_DAYS: '1.5' })).toThrow(/LUMA_TRIAL_DAYS/);
    expect(() => billingConfig({ LUMA_PAID_PRODUCTS: 'platform' })).toThrow(/LUMA_PAID_PRODUCTS/);
    expect(() => billingConfig({ LUMA_CARD_ENDPOINT: 'not a url' })).toThrow(/LUMA_CARD_ENDPOINT/);
  });
});
