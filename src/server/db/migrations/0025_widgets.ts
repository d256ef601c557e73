// Widgets and dashboards (docs/widgets.md): a project's widgets (a saved view of one component's
// records: kind, the list's filter and $aggregate, a refresh interval) and where they are placed
// (the admin dashboard, the home page) in order. A widget goes with its project and its component;
// its places go with it.
import { sql, type Kysely } from 'kysely';

const statements = [
  `create table widgets (
    uuid uuid primary key,
    project_uuid uuid not null references projects(uuid) on delete cascade,
    component_uuid uuid not null references components(uuid) on delete cascade,
    name text not null,
    kind text not null check (kind in ('number', 'table', 'chart')),
    settings jsonb not null default '{}',
    created_by uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index widgets_project_idx on widgets (project_uuid, created_at)`,
  `create index widgets_component_idx on widgets (component_uuid)`,
  `create table widget_places (
    project_uuid uuid not null references projects(uuid) on delete cascade,
    place text not null check (place in ('dashboard', 'home')),
    widget_uuid uuid not null references widgets(uuid) on delete cascade,
    position integer not null,
    primary key (project_uuid, place, widget_uuid)
  )`,
  `create index widget_places_widget_idx on widget_places (widget_uuid)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['widget_places', 'widgets']) await sql.raw(`drop table if exists ${table}`).execute(db);
}
