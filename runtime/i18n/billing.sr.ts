import type { BillingMessageKey } from './billing.en_US';

export const billingSr: Record<BillingMessageKey, string> = {
  checkoutMethodNotConfigured: 'Ovaj način plaćanja još nije podešen.',
  billingInformationRequired: 'Sačuvajte podatke za naplatu pre plaćanja.',
  priceNotFound: 'Ova cena ne postoji.',
  subscriptionNotFound: 'Ova pretplata ne postoji.',
  subscriptionNotExpired: 'Pretplata se može ukloniti tek kada istekne.',
  trialAlreadyUsed: 'Probni period za ovaj proizvod je već iskorišćen.',
  subscriptionWrongState: 'Pretplata nije u stanju koje ovo dozvoljava.',
  webhookSignatureInvalid: 'Potpis webhook poruke nije ispravan.',
};
