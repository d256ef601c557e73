// Apply (docs/snapshots.md "Apply"): a snapshot document made the project's configuration in one
// transaction, or nothing. Each change goes through its capability's own calls (their rules judge
// it), joined to one transaction (db/joined.ts); a refusal anywhere answers what and why, with the
// item it was at, and rolls everything back. Once done, the project's snapshot is compared with the
// document: anything left different (something no call can reach) refuses the whole apply too.
import type { Kysely } from 'kysely';
import { diffSnapshots, isEmptyDiff, type SnapshotDiff, type SnapshotDocument } from '../../../runtime/snapshots/diff';
import { SNAPSHOT_MESSAGE } from '../../../runtime/api/snapshots';
import type { Database } from '../db/schema';
import { joined } from '../db/joined';
import { HttpError } from '../platform/errors';
import { requireAdmin } from '../iam/access';
import { listWorkspaces } from '../iam/workspaces-sql';
import type { Accountability } from '../auth/tenancy';
import { applyContext, at, type ApplyContext } from './apply-context';
import { applyComponent, createComponentShell, removeComponents } from './apply-components';
import { applyTemplates } from './apply-templates';
import { applyIntegrations, NO_INTEGRATION_OPTIONS } from './integrations';
import type { IntegrationOptions } from '../integrations/integrations';
import {
  addRecords,
  applyApp,
  applyFunction,
  applyPlaces,
  applySpark,
  applyWidget,
  applyWorkflow,
  removeAppItem,
  removeFunctionItem,
  removeSparkItem,
  removeWidgetItem,
  removeWorkflowItem,
} from './apply-parts';
import { refuseNewerFormat } from './diff';
import { completed, itemName, itemsOf, prepareDocument, withoutEmptyPlaces, type Item, type Part } from './prepare';
import { projectSnapshotDocument } from './snapshot';
import { recordUuidsOf } from './sql';

type Db = Kysely<Database>;

export interface ApplyResult {
  /** What the apply did (the diff of the project before against the document). */
  diff: SnapshotDiff;
  /** Document uuids replaced because another project of this instance holds them: document uuid to the project's. */
  ids: Record<string, string>;
  /** The records created, per component and environment. */
  records: { component_uuid: string; env: string; uuids: string[] }[];
}

async function each(part: Part, items: Item[], work: (item: Item) => Promise<unknown>): Promise<void> {
  for (const item of items) await work(item).catch((error: unknown) => at(part, item, error));
}

/** The parts paired by uuid: the document's items with the project's, and the project's the document does not have. */
function paired(document: SnapshotDocument, current: SnapshotDocument, part: Part) {
  const mine = new Map(itemsOf(current, part).map((item) => [String(item.uuid), item]));
  const wanted = itemsOf(document, part);
  const keep = new Set(wanted.map((item) => String(item.uuid)));
  return { wanted, mine, gone: [...mine.values()].filter((item) => !keep.has(String(item.uuid))) };
}

async function removeAll(db: Db, context: ApplyContext, document: SnapshotDocument, current: SnapshotDocument): Promise<void> {
  await each('apps', paired(document, current, 'apps').gone, (item) => removeAppItem(db, context, String(item.uuid)));
  await each('widgets', paired(document, current, 'widgets').gone, (item) => removeWidgetItem(db, context, String(item.uuid)));
  await each('workflows', paired(document, current, 'workflows').gone, (item) => removeWorkflowItem(db, context, item));
  const components = paired(document, current, 'components').gone;
  await removeComponents(db, context.accountability, components.map((item) => String(item.uuid))).catch((error: unknown) => at('components', components[0]!, error));
  await each('sparks', paired(document, current, 'sparks').gone, (item) => removeSparkItem(db, context, item));
  await each('functions', paired(document, current, 'functions').gone, (item) => removeFunctionItem(db, context, String(item.uuid)));
}

async function applyAll(db: Db, context: ApplyContext, document: SnapshotDocument, current: SnapshotDocument): Promise<void> {
  await removeAll(db, context, document, current);
  const part = (name: Part) => paired(document, current, name);
  const functions = part('functions');
  await each('functions', functions.wanted, (item) => applyFunction(db, context, item, functions.mine.get(String(item.uuid))));
  const sparks = part('sparks');
  await each('sparks', sparks.wanted, (item) => applySpark(db, context, item, sparks.mine.get(String(item.uuid))));
  const components = part('components');
  // Every new component exists before any settings are saved: a relation may name a new one.
  await each('components', components.wanted.filter((item) => !components.mine.has(String(item.uuid))), (item) => createComponentShell(db, context, item));
  await each('components', components.wanted, (item) => applyComponent(db, context, item, components.mine.get(String(item.uuid))));
  const workflows = part('workflows');
  await each('workflows', workflows.wanted, (item) => applyWorkflow(db, context, item, workflows.mine.get(String(item.uuid))));
  const widgets = part('widgets');
  await each('widgets', widgets.wanted, (item) => applyWidget(db, context, item, widgets.mine.get(String(item.uuid))));
  await applyPlaces(db, context, document.widget_places, current.widget_places);
  const apps = part('apps');
  await each('apps', apps.wanted, (item) => applyApp(db, context, item, apps.mine.get(String(item.uuid))));
}

/** Keys a capability stores as given: a difference left in them is a change the apply could not make. */
const STRUCTURE = ['name', 'scope', 'dev_version', 'public_version', 'live_version', 'is_custom', 'component_uuid', 'kind', 'workspaces'];

/**
 * What is left after the apply that it should have done: an item or version created or removed, or
 * an item's structure. Values a capability normalises as it stores them (a version's settings get
 * their defaults, a widget's settings their refresh) are not differences.
 */
function unreached(diff: SnapshotDiff): SnapshotDiff {
  return { ...diff, change: diff.change.filter((entry) => !entry.kind.endsWith('_version') && (entry.fields ?? []).some((field) => STRUCTURE.includes(field))) };
}

/**
 * Applies `given` to the caller's project (admins), in one transaction: answers what it did, or
 * refuses (417 snapshotFormatNewer, a capability's own refusal at the item, 409
 * snapshotApplyIncomplete with what is left) and changes nothing.
 */
export async function applySnapshot(db: Db, accountability: Accountability, given: SnapshotDocument, options: { locale: string | undefined; sparkLimit: number; integrations?: IntegrationOptions }): Promise<ApplyResult> {
  refuseNewerFormat(accountability, given);
  const projectUuid = requireAdmin(accountability);
  return joined(db, async (tx) => {
    const { document: current } = await projectSnapshotDocument(tx, accountability, { records: false });
    const { document, ids } = await prepareDocument(tx, projectUuid, withoutEmptyPlaces(given), current);
    const diff = diffSnapshots(current, completed(document, current));
    const context = applyContext(accountability, options.locale, options.sparkLimit, await listWorkspaces(tx, projectUuid));
    await applyAll(tx, context, document, current);
    await applyTemplates(tx, context, projectUuid, Array.isArray(document.templates) ? (document.templates as Record<string, unknown>[]) : undefined);
    // After the templates: a deactivation is judged against the installs the document leaves.
    await applyIntegrations(tx, context, projectUuid, Array.isArray(document.integrations) ? document.integrations : undefined, options.integrations ?? NO_INTEGRATION_OPTIONS);
    const existing = new Set(await recordUuidsOf(tx, projectUuid));
    const records = document.records === undefined ? [] : await addRecords(tx, context, document.records, existing);
    const { document: after } = await projectSnapshotDocument(tx, accountability, { records: false });
    const left = unreached(diffSnapshots(after, completed(document, after)));
    if (!isEmptyDiff(left)) {
      const entries = [...left.create.map((e) => ({ ...e, op: 'create' })), ...left.change.map((e) => ({ ...e, op: 'change' })), ...left.remove.map((e) => ({ ...e, op: 'remove' }))];
      throw new HttpError(409, SNAPSHOT_MESSAGE.applyIncomplete, entries.map((entry) => ({ field: `${entry.kind}.${entry.name}`, messages: [SNAPSHOT_MESSAGE.applyIncomplete], values: [{ op: entry.op, fields: (entry.fields ?? []).join(',') }] })));
    }
    return { diff, ids, records };
  });
}
