// Workflow budgets (docs/workflows.md "Budgets"): each chain of runs started by one write counts its
// component nodes' record writes and the runs they queue in one row, so every instance spends the
// same budget; each run row names its chain, so a queued run spends the budget of the write that
// started it.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table workflow_chains (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    writes integer not null default 0,
    runs integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index workflow_chains_updated_idx on workflow_chains (updated_at)`,
  `alter table workflow_runs add column chain_uuid uuid`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('alter table workflow_runs drop column if exists chain_uuid').execute(db);
  await sql.raw('drop table if exists workflow_chains').execute(db);
}
