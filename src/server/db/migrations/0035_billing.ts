// Billing (docs/billing.md): a project's subscriptions and trials (one row each, with the payment
// state of spec section 4), and the provider webhook events already taken, so a replayed event changes
// nothing. Prices are the catalogue's (billing/catalogue.ts), not rows.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table billing_subscriptions (
    uuid uuid primary key,
    project_uuid uuid not null references projects (uuid) on delete cascade,
    product_id text not null,
    product_type text not null,
    is_trial boolean not null default false,
    method text not null check (method in ('card', 'bank_transfer', 'trial')),
    state text not null check (state in ('waiting_for_payment', 'in_process', 'pending_approval', 'failed', 'waiting_for_3d_security', 'expired', 'cancelled', 'subscribed')),
    state_at timestamptz not null,
    amount integer not null,
    currency text not null,
    number bigint generated always as identity,
    reference text,
    provider_reference text,
    billing_address jsonb,
    starts_at timestamptz,
    expires_at timestamptz,
    created_by uuid references users (uuid) on delete set null,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  `create index billing_subscriptions_project_idx on billing_subscriptions (project_uuid, created_at)`,
  `create unique index billing_subscriptions_provider_ref_idx on billing_subscriptions (method, provider_reference) where provider_reference is not null`,
  // One trial per product and project.
  `create unique index billing_subscriptions_trial_idx on billing_subscriptions (project_uuid, product_id) where is_trial`,
  `create table billing_webhook_events (
    provider text not null,
    event_id text not null,
    type text not null,
    subscription_uuid uuid,
    received_at timestamptz not null,
    primary key (provider, event_id)
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('drop table if exists billing_webhook_events').execute(db);
  await sql.raw('drop table if exists billing_subscriptions').execute(db);
}
