// Workflows as versioned entities (docs/workflows.md "Model"): create, read, rename, remove, save a
// version's graph, fork and remove versions, publish to dev or live, and the run log. Every call
// needs the 'settings' permission on the workflow's component; another project's workflow is 404.
// The run log is runs.ts.
import Ajv from 'ajv';
import type { Kysely, Selectable } from 'kysely';
import type { FieldError } from '../../../runtime/api/contract';
import { WORKFLOW_MESSAGE, type Workflow, type WorkflowSummary } from '../../../runtime/api/workflows';
import { canRemoveVersion, COMPONENT_MESSAGE, componentRef, isValidVersionName, NAME_RULE } from '../../../runtime/components/index';
import { createNode, newNodeId } from '../../../runtime/workflows/constants';
import { graphViolations } from '../../../runtime/workflows/connections';
import { graphRuleErrors } from '../../../runtime/workflows/rules';
import { workflowNodesSchema, type WorkflowNode } from '../../../schemas/workflow.schema';
import type { ComponentRow, Database } from '../db/schema';
import type { WorkflowsTable } from '../db/schema-workflows';
import { uuidv7 } from '../db/uuid7';
import { nowDate } from '../platform/clock';
import { badRequest, forbidden, HttpError } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { assertStorableJson, bodyObject } from '../components/input';
import { conflict, findComponentByRef, mayOnComponent } from '../components/model';
import { maskNodePasswords, sealNodePasswords } from '../platform/secrets-at-rest';
import { requireProject, type Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

export const notFound = () => new HttpError(404, WORKFLOW_MESSAGE.notFound);
const fieldError = (field: string, message: string, status = 417) => new HttpError(status, COMPONENT_MESSAGE.fieldsNotValid, [{ field, messages: [message] }]);

const ajv = new Ajv({ allErrors: false, strict: false });
const checkNodes = ajv.compile(workflowNodesSchema);

/** The nodes as sent, checked against the schema and the connection rules (417 workflowGraphNotValid). */
export function parseNodes(value: unknown): WorkflowNode[] {
  assertStorableJson(value, 'nodes');
  if (!checkNodes(value)) {
    const error = checkNodes.errors?.[0];
    throw new HttpError(417, WORKFLOW_MESSAGE.graphNotValid, [{ field: `nodes${error?.instancePath.replace(/\//g, '.') ?? ''}`, messages: [error?.keyword ?? 'invalid'] }]);
  }
  const nodes = value as unknown as WorkflowNode[];
  for (const node of nodes) if (!isPlainObject(node.data)) throw new HttpError(417, WORKFLOW_MESSAGE.graphNotValid, [{ field: `nodes.${node.id}.data`, messages: ['type'] }]);
  const violations = graphViolations(nodes);
  if (violations.length > 0) {
    const errors: FieldError[] = violations.map((violation) => {
      const [reason, at] = violation.split(':');
      return { field: `nodes.${at}`, messages: [reason!] };
    });
    throw new HttpError(417, WORKFLOW_MESSAGE.graphNotValid, errors);
  }
  return nodes;
}

function workflowName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw fieldError('name', COMPONENT_MESSAGE.requiredField);
  const name = value.trim();
  if (name.length < 2) throw new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field: 'name', messages: [COMPONENT_MESSAGE.cantBeLessThenChars], values: [{ min: 2 }] }]);
  if (name.length > 128 || name.includes('\u0000')) throw new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field: 'name', messages: [COMPONENT_MESSAGE.cantBeMoreThenChars], values: [{ max: 128 }] }]);
  return name;
}

function versionName(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') throw fieldError(field, COMPONENT_MESSAGE.requiredField);
  if (!isValidVersionName(value)) throw fieldError(field, NAME_RULE.versionName);
  return value;
}

/** The events a graph's event nodes react to. */
function eventsOf(nodes: readonly WorkflowNode[]): string[] {
  return [...new Set(nodes.filter((node) => node.type === 'event' && node.action).map((node) => node.action))];
}

type WorkflowRow = Selectable<WorkflowsTable>;

export async function componentOf(db: Db, projectUuid: string, uuid: string): Promise<ComponentRow | undefined> {
  return db.selectFrom('components').selectAll().where('project_uuid', '=', projectUuid).where('uuid', '=', uuid).executeTakeFirst();
}

/** The workflow and its component, with the caller's right to manage it (404 across projects, 403 without settings). */
async function workflowFor(db: Db, accountability: Accountability, uuid: string, forUpdate = false): Promise<{ row: WorkflowRow; component: ComponentRow }> {
  const projectUuid = requireProject(accountability);
  if (!isUuid(uuid)) throw notFound();
  let query = db.selectFrom('workflows').selectAll().where('project_uuid', '=', projectUuid).where('uuid', '=', uuid.toLowerCase());
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  const component = await componentOf(db, projectUuid, row.component_uuid);
  if (!component) throw notFound();
  if (!mayOnComponent(accountability, 'settings', component)) throw forbidden();
  return { row, component };
}

async function summarize(db: Db, rows: WorkflowRow[]): Promise<WorkflowSummary[]> {
  if (rows.length === 0) return [];
  const uuids = rows.map((row) => row.uuid);
  const versions = await db
    .selectFrom('workflow_versions')
    .select(['workflow_uuid', 'name', 'nodes', 'updated_at'])
    .where('workflow_uuid', 'in', uuids)
    .orderBy('created_at')
    .execute();
  const components = await db.selectFrom('components').selectAll().where('uuid', 'in', [...new Set(rows.map((row) => row.component_uuid))]).execute();
  return rows.map((row) => {
    const own = versions.filter((version) => version.workflow_uuid === row.uuid);
    const component = components.find((c) => c.uuid === row.component_uuid);
    const live = own.filter((version) => version.name === row.dev_version || version.name === row.public_version);
    return {
      uuid: row.uuid,
      name: row.name,
      component_uuid: row.component_uuid,
      component_ref: component ? componentRef(component) : row.component_uuid,
      component_name: component?.name ?? '',
      dev_version: row.dev_version,
      public_version: row.public_version,
      versions: own.map((version) => ({ name: version.name, updated_at: new Date(version.updated_at).toISOString() })),
      events: [...new Set(live.flatMap((version) => eventsOf(version.nodes as WorkflowNode[])))],
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  });
}

export async function listWorkflows(db: Db, accountability: Accountability, query: { component_uuid?: unknown }): Promise<WorkflowSummary[]> {
  const projectUuid = requireProject(accountability);
  let select = db.selectFrom('workflows').selectAll().where('project_uuid', '=', projectUuid).orderBy('name');
  if (query.component_uuid !== undefined) {
    if (typeof query.component_uuid !== 'string' || !isUuid(query.component_uuid)) throw badRequest([{ field: 'component_uuid', messages: ['invalid'] }]);
    select = select.where('component_uuid', '=', query.component_uuid.toLowerCase());
  }
  const rows = await select.execute();
  const components = rows.length === 0 ? [] : await db.selectFrom('components').selectAll().where('uuid', 'in', [...new Set(rows.map((row) => row.component_uuid))]).execute();
  const allowed = rows.filter((row) => {
    const component = components.find((c) => c.uuid === row.component_uuid);
    return component !== undefined && mayOnComponent(accountability, 'settings', component);
  });
  return summarize(db, allowed);
}

async function answer(db: Db, row: WorkflowRow, version: string | undefined): Promise<Workflow> {
  const [summary] = await summarize(db, [row]);
  const name = version ?? row.dev_version ?? summary!.versions.at(-1)?.name;
  const found = name === undefined ? undefined : await db.selectFrom('workflow_versions').selectAll().where('workflow_uuid', '=', row.uuid).where('name', '=', name).executeTakeFirst();
  if (!found) throw notFound();
  return { ...summary!, version: { name: found.name, nodes: maskNodePasswords(found.nodes as WorkflowNode[]), updated_at: new Date(found.updated_at).toISOString() } };
}

/** The components a graph names: the workflow's own and every component node's target in the project. */
async function syncComponentRefs(db: Db, row: WorkflowRow): Promise<void> {
  const versions = await db.selectFrom('workflow_versions').select('nodes').where('workflow_uuid', '=', row.uuid).execute();
  const targets = new Set<string>([row.component_uuid]);
  for (const version of versions) {
    for (const node of version.nodes as WorkflowNode[]) {
      if (node.type !== 'operation' || node.action !== 'component') continue;
      const ref = node.data.component_ref;
      if (typeof ref !== 'string' || ref === '') continue;
      const target = await findComponentByRef(db, row.project_uuid, ref);
      if (target) targets.add(target.uuid);
    }
  }
  await db.deleteFrom('workflow_component_refs').where('workflow_uuid', '=', row.uuid).execute();
  await db
    .insertInto('workflow_component_refs')
    .values([...targets].map((component_uuid) => ({ workflow_uuid: row.uuid, component_uuid })))
    .execute();
}

/** `uuid`: the new workflow's id when it is given (a snapshot's apply keeps its ids). */
export async function createWorkflow(db: Db, accountability: Accountability, body: unknown, uuid?: string): Promise<Workflow> {
  const input = bodyObject(body);
  const projectUuid = requireProject(accountability);
  const name = workflowName(input.name);
  if (typeof input.component_uuid !== 'string' || !isUuid(input.component_uuid)) throw fieldError('component_uuid', COMPONENT_MESSAGE.requiredField);
  const component = await componentOf(db, projectUuid, input.component_uuid.toLowerCase());
  if (!component) throw notFound();
  if (!mayOnComponent(accountability, 'settings', component)) throw forbidden();
  const row = await db.transaction().execute(async (tx) => {
    const taken = await tx.selectFrom('workflows').select('uuid').where('project_uuid', '=', projectUuid).where('name', '=', name).executeTakeFirst();
    if (taken) throw conflict(WORKFLOW_MESSAGE.workflowExists);
    const now = nowDate();
    const row: WorkflowRow = { uuid: uuid ?? uuidv7(), project_uuid: projectUuid, component_uuid: component.uuid, name, dev_version: 'v1', public_version: null, created_at: now, updated_at: now };
    await tx.insertInto('workflows').values(row).execute();
    const start = createNode('event', { id: newNodeId(), name: 'Create', action: 'Create', x: 40, y: 40 });
    await tx.insertInto('workflow_versions').values({ workflow_uuid: row.uuid, name: 'v1', nodes: JSON.stringify([start]), created_at: now, updated_at: now }).execute();
    await syncComponentRefs(tx, row);
    return row;
  });
  return answer(db, row, 'v1');
}

export async function getWorkflow(db: Db, accountability: Accountability, uuid: string, version: unknown): Promise<Workflow> {
  const { row } = await workflowFor(db, accountability, uuid);
  if (version !== undefined && version !== '' && !isValidVersionName(version)) throw notFound();
  return answer(db, row, typeof version === 'string' && version !== '' ? version : undefined);
}

export async function renameWorkflow(db: Db, accountability: Accountability, uuid: string, body: unknown): Promise<WorkflowSummary> {
  const input = bodyObject(body);
  const name = workflowName(input.name);
  const row = await db.transaction().execute(async (tx) => {
    const { row } = await workflowFor(tx, accountability, uuid, true);
    const taken = await tx.selectFrom('workflows').select('uuid').where('project_uuid', '=', row.project_uuid).where('name', '=', name).where('uuid', '!=', row.uuid).executeTakeFirst();
    if (taken) throw conflict(WORKFLOW_MESSAGE.workflowExists);
    return tx.updateTable('workflows').set({ name, updated_at: nowDate() }).where('uuid', '=', row.uuid).returningAll().executeTakeFirstOrThrow();
  });
  return (await summarize(db, [row]))[0]!;
}

/** Removal: refused while a live component runs it (its public version is set). */
export async function removeWorkflow(db: Db, accountability: Accountability, uuid: string): Promise<Record<string, never>> {
  await db.transaction().execute(async (tx) => {
    const { row } = await workflowFor(tx, accountability, uuid, true);
    if (row.public_version !== null) throw conflict(WORKFLOW_MESSAGE.workflowRemovalBlockedByDependency);
    await tx.deleteFrom('workflows').where('uuid', '=', row.uuid).execute();
  });
  return {};
}

/** Every node's rules (spec section 5, the node editor's own: runtime/workflows/rules.ts), all errors at once: 417 someFieldsAreNotValid. */
function checkNodeRules(nodes: readonly WorkflowNode[]): void {
  const errors = graphRuleErrors(nodes);
  if (errors.length > 0) throw new HttpError(417, WORKFLOW_MESSAGE.someFieldsAreNotValid, errors);
}

export async function saveVersion(db: Db, accountability: Accountability, uuid: string, version: string, body: unknown): Promise<{ name: string; updated_at: string }> {
  const input = bodyObject(body);
  const nodes = parseNodes(input.nodes);
  checkNodeRules(nodes);
  if (!isValidVersionName(version)) throw notFound();
  return db.transaction().execute(async (tx) => {
    const { row } = await workflowFor(tx, accountability, uuid, true);
    const now = nowDate();
    const before = await tx.selectFrom('workflow_versions').select('nodes').where('workflow_uuid', '=', row.uuid).where('name', '=', version).forUpdate().executeTakeFirst();
    const saved = await tx
      .updateTable('workflow_versions')
      .set({ nodes: JSON.stringify(sealNodePasswords(nodes, (before?.nodes as unknown[] | undefined) ?? [])), updated_at: now })
      .where('workflow_uuid', '=', row.uuid)
      .where('name', '=', version)
      .returning(['name', 'updated_at'])
      .executeTakeFirst();
    if (!saved) throw notFound();
    await tx.updateTable('workflows').set({ updated_at: now }).where('uuid', '=', row.uuid).execute();
    await syncComponentRefs(tx, row);
    return { name: saved.name, updated_at: new Date(saved.updated_at).toISOString() };
  });
}

export async function forkVersion(db: Db, accountability: Accountability, uuid: string, body: unknown): Promise<Workflow> {
  const input = bodyObject(body);
  const name = versionName(input.name, 'name');
  const from = versionName(input.from, 'from');
  const row = await db.transaction().execute(async (tx) => {
    const { row } = await workflowFor(tx, accountability, uuid, true);
    const source = await tx.selectFrom('workflow_versions').selectAll().where('workflow_uuid', '=', row.uuid).where('name', '=', from).executeTakeFirst();
    if (!source) throw notFound();
    const taken = await tx.selectFrom('workflow_versions').select('name').where('workflow_uuid', '=', row.uuid).where('name', '=', name).executeTakeFirst();
    if (taken) throw conflict(COMPONENT_MESSAGE.cantForkVersionExists);
    const now = nowDate();
    await tx.insertInto('workflow_versions').values({ workflow_uuid: row.uuid, name, nodes: JSON.stringify(source.nodes), created_at: now, updated_at: now }).execute();
    await tx.updateTable('workflows').set({ updated_at: now }).where('uuid', '=', row.uuid).execute();
    return row;
  });
  return answer(db, row, name);
}

export async function removeVersion(db: Db, accountability: Accountability, uuid: string, version: string): Promise<WorkflowSummary> {
  const row = await db.transaction().execute(async (tx) => {
    const { row } = await workflowFor(tx, accountability, uuid, true);
    const versions = (await tx.selectFrom('workflow_versions').select('name').where('workflow_uuid', '=', row.uuid).execute()).map((v) => v.name);
    const problem = canRemoveVersion({ versions, dev_version: row.dev_version, public_version: row.public_version }, version);
    if (problem === COMPONENT_MESSAGE.notFound) throw notFound();
    if (problem) throw conflict(problem);
    await tx.deleteFrom('workflow_versions').where('workflow_uuid', '=', row.uuid).where('name', '=', version).execute();
    await syncComponentRefs(tx, row);
    return tx.updateTable('workflows').set({ updated_at: nowDate() }).where('uuid', '=', row.uuid).returningAll().executeTakeFirstOrThrow();
  });
  return (await summarize(db, [row]))[0]!;
}

export async function publishWorkflow(db: Db, accountability: Accountability, uuid: string, body: unknown): Promise<WorkflowSummary> {
  const input = bodyObject(body);
  if (input.env !== 'dev' && input.env !== 'live') throw fieldError('env', COMPONENT_MESSAGE.invalidSelection);
  const version = input.version === null ? null : versionName(input.version, 'version');
  const row = await db.transaction().execute(async (tx) => {
    const { row } = await workflowFor(tx, accountability, uuid, true);
    if (version !== null) {
      const found = await tx.selectFrom('workflow_versions').select('name').where('workflow_uuid', '=', row.uuid).where('name', '=', version).executeTakeFirst();
      if (!found) throw fieldError('version', COMPONENT_MESSAGE.invalidSelection);
    }
    const column = input.env === 'dev' ? 'dev_version' : 'public_version';
    return tx.updateTable('workflows').set({ [column]: version, updated_at: nowDate() }).where('uuid', '=', row.uuid).returningAll().executeTakeFirstOrThrow();
  });
  return (await summarize(db, [row]))[0]!;
}

/** Workflows naming a component (its own, or as a component node's target): what blocks the component's removal. */
export async function workflowsUsing(db: Db, componentUuid: string): Promise<{ uuid: string; name: string }[]> {
  return db
    .selectFrom('workflow_component_refs as r')
    .innerJoin('workflows as w', 'w.uuid', 'r.workflow_uuid')
    .select(['w.uuid', 'w.name'])
    .where('r.component_uuid', '=', componentUuid)
    .orderBy('w.name')
    .execute();
}
