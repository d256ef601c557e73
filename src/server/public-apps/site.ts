// What a served public app draws and may use (docs/public-apps.md "The public API"): the version its
// hostname serves, the API user it runs as (its permissions are the app's), and for every component a
// block names the fields whose read sources allow 'public-app' or 'public-app::{name}' (spec section
// 6) among those the API user sees. Nothing else of a component ever reaches the page.
import type { Kysely } from 'kysely';
import { allowsPublicApp, type PublicComponent, type PublicField, type PublicSite, type PublicVisitor } from '../../../runtime/api/public-apps';
import type { AppBlock, AppDefinition } from '../../../runtime/api/apps';
import type { ViewField } from '../../../schemas/viewSchema.schema';
import type { Database } from '../db/schema';
import type { ComponentRow } from '../db/schema';
import { nowDate } from '../platform/clock';
import { forbidden } from '../platform/errors';
import { buildAccountability, type Accountability } from '../auth/tenancy';
import { findComponentByRef } from '../components/model';
import { compileFor, envSettingsOrNull, viewerOf } from '../records/view';
import { apiUserPrincipal } from '../functions/global-sql';
import { appNotFound } from '../apps/apps';
import { findVersion } from '../apps/sql';
import type { ServedApp } from './serve';

type Db = Kysely<Database>;

/** The API user's accountability in the app's project and the hostname's environment; 403 without one. */
export async function runAs(db: Db, served: ServedApp): Promise<Accountability> {
  const projectUuid = served.app.project_uuid;
  const principal = served.api_user_uuid ? await apiUserPrincipal(db, projectUuid, served.api_user_uuid) : undefined;
  if (!principal) throw forbidden();
  return buildAccountability(
    { ...principal, session: null, secret: null, now: nowDate(), project_uuid: projectUuid, component: null },
    { env: served.stage ? 'dev' : 'live', projectUuid, workspaceUuid: principal.workspace_uuid },
  );
}

export interface PublicTarget {
  row: ComponentRow;
  component: PublicComponent;
}

function publicField(field: ViewField): PublicField {
  const items = field.options.items;
  return {
    key: field.key,
    name: field.label,
    module: field.module,
    type: field.type,
    required: field.options.required,
    ...(items.length > 0 ? { options: items.map((item) => ({ value: item.value, label: item.label })) } : {}),
  };
}

/** A component's fields the app may use, as the API user sees them; null when the environment has no version of it. */
async function publicComponent(db: Db, accountability: Accountability, appName: string, row: ComponentRow): Promise<PublicComponent | null> {
  const settings = await envSettingsOrNull(db, row, accountability.env);
  if (!settings) return null;
  const sources = new Map(settings.fields.map((field) => [field.key, (field as { read_sources?: unknown }).read_sources]));
  const view = compileFor(row, settings, { ...viewerOf(accountability, undefined), page: 'model_create' });
  const fields = view.fields.filter((field) => field.visible && !field.hashed && allowsPublicApp(sources.get(field.key), appName)).map(publicField);
  return { uuid: row.uuid, label: view.component.label, fields };
}

/** The served version's definition, each component block naming its component by uuid; other blocks than component and text left out. */
export async function servedDefinition(db: Db, served: ServedApp): Promise<{ definition: AppDefinition; rows: Map<string, ComponentRow> }> {
  if (!served.version) throw appNotFound();
  const stored = await findVersion(db, served.app.uuid, served.version);
  if (!stored) throw appNotFound();
  const rows = new Map<string, ComponentRow>();
  const byRef = new Map<string, ComponentRow | undefined>();
  const pages = [];
  for (const page of stored.pages) {
    const blocks: AppBlock[] = [];
    for (const block of page.blocks) {
      if (block.kind === 'text') blocks.push(block);
      if (block.kind !== 'component') continue;
      if (!byRef.has(block.ref)) byRef.set(block.ref, await findComponentByRef(db, served.app.project_uuid, block.ref));
      const row = byRef.get(block.ref);
      if (!row) continue;
      rows.set(row.uuid, row);
      blocks.push({ ...block, ref: row.uuid });
    }
    pages.push({ ...page, blocks });
  }
  return { definition: { pages, menu: stored.menu }, rows };
}

/** The component a served app's call names: one a block of the served version names (404 otherwise, another project's too). */
export async function publicTarget(db: Db, served: ServedApp, accountability: Accountability, componentUuid: string): Promise<PublicTarget> {
  const { rows } = await servedDefinition(db, served);
  const row = rows.get(componentUuid.toLowerCase());
  const component = row ? await publicComponent(db, accountability, served.app.name, row) : null;
  if (!row || !component) throw appNotFound();
  return { row, component };
}

export async function publicSite(db: Db, served: ServedApp, visitor: PublicVisitor | null): Promise<PublicSite> {
  const { definition, rows } = await servedDefinition(db, served);
  const accountability = await runAs(db, served);
  const components: Record<string, PublicComponent> = {};
  for (const row of rows.values()) {
    const component = await publicComponent(db, accountability, served.app.name, row);
    if (component) components[row.uuid] = component;
  }
  const app = served.app;
  return {
    app: { uuid: app.uuid, name: app.name, label: app.label, version: served.version!, stage: served.stage, portal: served.portal },
    definition,
    components,
    visitor,
  };
}
