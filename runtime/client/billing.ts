// Billing calls of the transaction host (docs/billing.md; wire shapes: runtime/api/billing.ts), and the
// company lookup by Serbian VAT number the billing form makes at 9 characters.
import type {
  CheckoutRequest,
  CheckoutV1Request,
  CurrencyRates,
  PaymentInfo,
  Price,
  Subscription,
  SubscriptionList,
  TransferApproval,
  TrialList,
} from '../api/billing';
import { ERROR_KEY } from '../api/contract';
import type { NbsCompany } from '../api/integrations';
import { transactionClient } from './clients';
import { invoicingApi } from './integrations';
import { ApiRequestError } from './errors';

export type * from '../api/billing';

const seg = encodeURIComponent;

export const billingApi = {
  subscriptions: (signal?: AbortSignal) => transactionClient.get<SubscriptionList>('/billing/subscription', { signal }),
  trials: (signal?: AbortSignal) => transactionClient.get<TrialList>('/trial', { signal }),
  paymentInfo: (signal?: AbortSignal) => transactionClient.get<PaymentInfo>('/billing/subscription/payment_info', { signal }),
  currencyRates: (signal?: AbortSignal) => transactionClient.get<CurrencyRates>('/v1/currency-rates', { signal }),
  price: (id: string, signal?: AbortSignal) => transactionClient.get<Price>(`/v1/prices/${seg(id)}`, { signal }),
  startTrial: (productId: string) => transactionClient.post<Subscription>('/v1/trial', { product_id: productId }),
  /** The URL to open in a new tab. */
  checkoutLink: (body: CheckoutRequest) => transactionClient.post<string>('/checkout/link', body),
  checkoutLinkV1: (body: CheckoutV1Request) => transactionClient.post<string>('/v1/checkout/link', body),
  remove: (uuid: string) => transactionClient.delete<Record<string, never>>(`/billing/subscription/${seg(uuid)}`),
  markPaid: (uuid: string) => transactionClient.post<Subscription>(`/billing/subscription/${seg(uuid)}/paid`),
  /** Bank transfers waiting for an operator, across projects (403 for anyone else). */
  approvals: (signal?: AbortSignal) => transactionClient.get<TransferApproval[]>('/billing/approvals', { signal }),
  /** An operator approves (subscribed) or refuses (failed) a transfer. */
  decide: (uuid: string, approved: boolean) => transactionClient.post<Subscription>(`/billing/subscription/${seg(uuid)}/approval`, { approved }),
};

/** What the lookup fills in the billing form (spec section 7: mb, name, address, place). */
export interface CompanyFound {
  main_number: string;
  company: string;
  address: string;
  city: string;
}

/**
 * The company of a Serbian VAT number (spec section 7 GET /invoicing/services/nbs/search?vatNumber=,
 * served by the invoicing integration on the integration host): the company, null when none has it, or
 * 'unavailable' when the lookup itself is not there (its route answers the generic 404 'notFound', or
 * no answer came). The one function the billing form calls for it.
 */
export async function searchCompanyByVat(vatNumber: string, signal?: AbortSignal): Promise<CompanyFound | null | 'unavailable'> {
  try {
    const found: Partial<Record<keyof NbsCompany, unknown>> | null = await invoicingApi.searchCompany(vatNumber, signal);
    if (!found || typeof found.name !== 'string' || found.name.trim() === '') return null;
    const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
    return { main_number: text(found.mb), company: text(found.name), address: text(found.address), city: text(found.place) };
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500) return 'unavailable';
    if (error.status === 404 && error.messageKey === ERROR_KEY.notFound) return 'unavailable';
    if (error.status === 404 || error.status === 417 || error.status === 422) return null;
    return 'unavailable';
  }
}
