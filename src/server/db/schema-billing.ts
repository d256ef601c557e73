// Table types of billing (migration 0035_billing; docs/billing.md).
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './schema-columns';
import type { CheckoutMethod, PaymentState } from '../../../runtime/api/billing';

export interface BillingSubscriptionsTable {
  uuid: string;
  project_uuid: string;
  product_id: string;
  product_type: string;
  is_trial: ColumnType<boolean, boolean | undefined, boolean>;
  method: CheckoutMethod | 'trial';
  state: PaymentState;
  /** When the state was set, by the event's own time: an older event never moves it (docs/billing.md). */
  state_at: Timestamp;
  amount: number;
  currency: string;
  /** The pro-forma invoice's number. */
  number: Generated<string>;
  /** The caller's reference (spec: checkout request's reference). */
  reference: string | null;
  /** The provider's id of the payment (the card provider's checkout session id). */
  provider_reference: string | null;
  billing_address: ColumnType<unknown, string | null | undefined, string | null>;
  starts_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BillingWebhookEventsTable {
  provider: string;
  event_id: string;
  type: string;
  subscription_uuid: string | null;
  received_at: Timestamp;
}

export type BillingSubscriptionRow = Selectable<BillingSubscriptionsTable>;
