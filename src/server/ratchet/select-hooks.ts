// What the external select from a ratchet connection subscribes to (docs/ratchet.md "The external
// select"; the hook registry, docs/platform.md "Hooks"):
// - filter `components.settings`: a field's `constraints.ratchet` is checked (417 per key; only on a
//   select/external field), and only an admin may add or change one: anyone else who may save the
//   settings gets 403 unless every source is as it was (their save must not become an admin's SQL);
// - filter `records.create` / `records.update`: each ratchet-sourced value the write brings (on an
//   update, only a changed one) must be one of the statement's options: 417 invalidSelection at the
//   field, or 422 at the field saying why it cannot be checked (the connection's key, or
//   ratchetTooManyOptions). An import's rows share one read of the options per field (keyed by the write).
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { RatchetSelectSource } from '../../../runtime/api/ratchet-select';
import type { ComponentSettings } from '../../../schemas/index';
import type { Database } from '../db/schema';
import { fieldsNotValid, forbidden } from '../platform/errors';
import type { HookRegistry } from '../platform/hooks';
import { FieldErrors } from '../iam/access';
import type { RecordDraft, RecordWrite } from '../records/hook-events';
import { checkSelectSource, readOptions, selectSourceOf, unknownValues } from './select';

type Db = Kysely<Database>;
type Field = ComponentSettings['fields'][number];

const isRatchetSelect = (field: Field) => field.module === 'select' && field.type === 'external' && selectSourceOf(field.constraints) !== null;
const sourceOf = (field: Field | undefined) => (field ? ((field.constraints as Record<string, unknown> | undefined)?.ratchet ?? null) : null);

async function checkSettings(db: Db, projectUuid: string, isAdmin: boolean, settings: ComponentSettings, previous: ComponentSettings | undefined): Promise<void> {
  const errors = new FieldErrors();
  let changed = false;
  for (const [index, field] of (settings.fields ?? []).entries()) {
    const source = sourceOf(field);
    if (source === null || source === undefined) continue;
    const at = `fields.${index}.constraints.ratchet`;
    if (field.module !== 'select' || field.type !== 'external') {
      errors.add(at, 'invalid');
      continue;
    }
    await checkSelectSource(db, projectUuid, source, errors, at);
    const before = sourceOf(previous?.fields?.find((candidate) => candidate.key === field.key));
    if (!isDeepStrictEqual(before, source)) changed = true;
  }
  // Who may not choose SQL learns that before the details of what they wrote.
  if (changed && !isAdmin) throw forbidden();
  errors.throwIfAny();
}

const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((entry) => entry !== null && entry !== undefined && entry !== '').map((entry) => String(entry));

/** The options of each source read for one write (an import's rows share them). */
const memo = new WeakMap<RecordWrite, Map<string, Promise<Set<string> | null>>>();

async function checkValues(db: Db, write: RecordWrite, draft: RecordDraft, stored: Record<string, unknown> | null): Promise<void> {
  const fields = (write.target.settings.fields ?? []).filter(isRatchetSelect);
  if (fields.length === 0) return;
  const projectUuid = write.target.scope.projectUuid;
  const errors = new FieldErrors();
  for (const field of fields) {
    const given = listOf(draft.data[field.key]);
    const before = stored ? new Set(listOf(stored[field.key])) : new Set<string>();
    const fresh = given.filter((value) => !before.has(value));
    if (fresh.length === 0) continue;
    const source = selectSourceOf(field.constraints) as RatchetSelectSource;
    if ((await knownIn(db, write, projectUuid, field.key, source, fresh)).length > 0) errors.add(field.key, 'invalidSelection');
  }
  if (errors.list.length > 0) throw fieldsNotValid(errors.list);
}

/** The values of `fresh` the source does not offer; an import reads each source's options once. */
async function knownIn(db: Db, write: RecordWrite, projectUuid: string, key: string, source: RatchetSelectSource, fresh: string[]): Promise<string[]> {
  let byField = memo.get(write);
  if (!byField) memo.set(write, (byField = new Map()));
  let known = byField.get(key);
  if (!known) {
    known = readOptions(db, projectUuid, source, { search: '', limit: 5000 }).then(
      (read) => (read.capped ? null : new Set(read.options.map((option) => option.value))),
      () => null,
    );
    byField.set(key, known);
  }
  const set = await known;
  // Not read whole (capped) or failed: the plain check says why, at the field.
  if (set === null) return unknownValues(db, projectUuid, key, source, fresh);
  return fresh.filter((value) => !set.has(value));
}

async function storedData(db: Db, write: RecordWrite, uuid: string | null): Promise<Record<string, unknown> | null> {
  if (!uuid) return null;
  const row = await db
    .selectFrom('records')
    .select('data')
    .where('component_uuid', '=', write.target.scope.componentUuid)
    .where('env', '=', write.target.scope.env)
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  const data = row?.data as unknown;
  return typeof data === 'string' ? (JSON.parse(data) as Record<string, unknown>) : ((data as Record<string, unknown> | undefined) ?? null);
}

/** Subscribes the ratchet select's checks (instance.ts, once per process). */
export function registerRatchetSelectHooks(registry: HookRegistry): void {
  registry.onFilter('components.settings', async (payload, meta, { db }) => {
    const { accountability } = meta;
    await checkSettings(db, payload.component.project_uuid, accountability.is_admin, payload.settings, payload.previous);
  });
  // Idle for a component without a ratchet-sourced field (an import then takes its fast path).
  const idle = (write: RecordWrite) => !(write.target.settings.fields ?? []).some(isRatchetSelect);
  registry.onFilter('records.create', async (draft, write, { db }) => {
    await checkValues(db, write, draft, null);
  }, idle);
  registry.onFilter('records.update', async (draft, write, { db }) => {
    await checkValues(db, write, draft, await storedData(db, write, draft.record.uuid));
  }, idle);
}
