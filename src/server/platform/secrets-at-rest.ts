// Where the database keeps secrets (docs/security.md "Secrets at rest"), and the passes over them:
// sealing the clear rows written before sealing (every start, sealClearSecrets) and sealing every
// value again with the current key (the rotation command, resealSecrets). Each row is rewritten by
// a conditional update (`where column = the value read`), so a pass runs beside live instances: a
// row a request changed meanwhile is left to the request (it seals with the current key itself).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { MASKED_SECRET } from '../../../runtime/api/media';
import { WORKFLOW_MESSAGE } from '../../../runtime/api/workflows';
import { RECORD_MESSAGE } from '../../../runtime/validation/types';
import type { Database } from '../db/schema';
import { HttpError } from './errors';
import { open, reseal, seal, SEALED_PREFIX, sealedKeyId, SecretNotOpened, secretKeys, type SecretPurpose } from './secret-box';

type Db = Kysely<Database>;

/** A text column of secrets, by the table's uuid key. */
export interface ColumnStore {
  name: string;
  table: 'users' | 'global_function_keys' | 'variables' | 'media_libraries' | 'media_signing_keys' | 'ratchet_connections';
  column: string;
  /** The table's uuid primary key ('uuid' unless named). */
  key?: string;
  purpose: SecretPurpose;
  /** Rows of the table whose column holds a secret (the secret variables; every row elsewhere). */
  only?: RawBuilder<boolean>;
}

export const COLUMN_STORES: readonly ColumnStore[] = [
  { name: 'users.totp_secret', table: 'users', column: 'totp_secret', purpose: 'totp' },
  { name: 'users.totp_pending_secret', table: 'users', column: 'totp_pending_secret', purpose: 'totp' },
  { name: 'global_function_keys.secret', table: 'global_function_keys', column: 'secret', purpose: 'function-key' },
  { name: 'variables.value', table: 'variables', column: 'value', purpose: 'variable', only: sql<boolean>`secret` },
  { name: 'media_libraries.s3_secret', table: 'media_libraries', column: 's3_secret', purpose: 's3-secret' },
  { name: 'media_signing_keys.secret', table: 'media_signing_keys', column: 'secret', key: 'project_uuid', purpose: 'share-key' },
  { name: 'ratchet_connections.password', table: 'ratchet_connections', column: 'password', purpose: 'ratchet-password' },
];
export const NODES_STORE = 'workflow_versions.nodes';

/** 'clear': only values never sealed (the start); 'stale': every value not sealed with the current key (rotation). */
export type PassKind = 'clear' | 'stale';

export interface PassResult {
  /** Values written again, per store. */
  sealed: Record<string, number>;
  /** Values no key of this process opens (sealed with a key it was not given), per store. */
  unopened: Record<string, number>;
}

const PAGE = 500;

function needsWork(stored: string, kind: PassKind): boolean {
  return kind === 'clear' ? sealedKeyId(stored) === null : sealedKeyId(stored) !== secretKeys().current.id;
}

function rewrite(stored: string, purpose: SecretPurpose, kind: PassKind): string {
  return kind === 'clear' ? seal(stored, purpose) : reseal(stored, purpose);
}

async function passColumn(db: Db, store: ColumnStore, kind: PassKind, result: PassResult): Promise<void> {
  const column = sql.ref(store.column);
  const table = sql.table(store.table);
  const key = sql.ref(store.key ?? 'uuid');
  const current = `${SEALED_PREFIX}${secretKeys().current.id}:%`;
  const candidates = kind === 'clear' ? sql`${column} not like ${`${SEALED_PREFIX}%`}` : sql`${column} not like ${current}`;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = (
      await sql<{ uuid: string; value: string }>`select ${key}::text as uuid, ${column} as value from ${table}
        where ${column} is not null and ${store.only ?? sql`true`} and ${candidates} and ${key} > ${after}::uuid
        order by ${key} limit ${PAGE}`.execute(db)
    ).rows;
    for (const row of rows) {
      if (!needsWork(row.value, kind)) continue;
      let next: string;
      try {
        next = rewrite(row.value, store.purpose, kind);
      } catch (error) {
        if (!(error instanceof SecretNotOpened)) throw error;
        result.unopened[store.name] = (result.unopened[store.name] ?? 0) + 1;
        continue;
      }
      const updated = await sql`update ${table} set ${column} = ${next} where ${key} = ${row.uuid}::uuid and ${column} = ${row.value}`.execute(db);
      result.sealed[store.name] = (result.sealed[store.name] ?? 0) + Number(updated.numAffectedRows ?? 0);
    }
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.uuid;
  }
}

// ---- E-mail nodes' SMTP passwords, inside a workflow version's nodes ---------------------------------

type NodeLike = { id?: unknown; action?: unknown; data?: unknown };

/** The nodes with each e-mail node's SMTP password replaced by `change` (a copy; other nodes as they are). */
function mapPasswords<T>(nodes: readonly T[], change: (password: string, node: NodeLike) => string): T[] {
  return nodes.map((node) => {
    const data = (node as NodeLike).data as Record<string, unknown> | undefined;
    const smtp = data?.smtp as Record<string, unknown> | undefined;
    if ((node as NodeLike).action !== 'email' || !smtp || typeof smtp !== 'object' || typeof smtp.password !== 'string' || smtp.password === '') return node;
    return { ...node, data: { ...data, smtp: { ...smtp, password: change(smtp.password, node as NodeLike) } } };
  });
}

/**
 * Before a version's nodes are stored: every e-mail node's password sealed. A password sent back as
 * the mask (MASKED_SECRET, what replies show) keeps the one `stored` (the version before this save)
 * holds for the node of the same id; with none there, 417 someFieldsAreNotValid on it.
 */
export function sealNodePasswords<T>(nodes: readonly T[], stored: readonly unknown[] = []): T[] {
  const kept = new Map<unknown, string>();
  mapPasswords(stored, (password, node) => (kept.set(node.id, password), password));
  return mapPasswords(nodes, (password, node) => {
    if (password !== MASKED_SECRET) return seal(password, 'smtp-password');
    const sealed = kept.get(node.id);
    if (sealed === undefined) throw new HttpError(417, WORKFLOW_MESSAGE.someFieldsAreNotValid, [{ field: `nodes.${String(node.id)}.data.smtp.password`, messages: [RECORD_MESSAGE.requiredField], values: [null] }]);
    return sealed;
  });
}

/**
 * A version's stored nodes as replies show them (the editor, the run log): each password the mask,
 * never the password; the editor sends the mask back on save, which keeps the stored one.
 */
export function maskNodePasswords<T>(nodes: readonly T[]): T[] {
  return mapPasswords(nodes, () => MASKED_SECRET);
}

async function passNodes(db: Db, kind: PassKind, result: PassResult): Promise<void> {
  let after = { workflow: '00000000-0000-0000-0000-000000000000', name: '' };
  for (;;) {
    const rows = (
      await sql<{ workflow_uuid: string; name: string; nodes: unknown[] }>`select workflow_uuid::text as workflow_uuid, name, nodes from workflow_versions
        where nodes::text like ${'%"smtp"%'} and (workflow_uuid, name) > (${after.workflow}::uuid, ${after.name})
        order by workflow_uuid, name limit ${PAGE}`.execute(db)
    ).rows;
    for (const row of rows) {
      let unopened = 0;
      const nodes = mapPasswords(row.nodes, (password) => {
        if (!needsWork(password, kind)) return password;
        try {
          return rewrite(password, 'smtp-password', kind);
        } catch (error) {
          if (!(error instanceof SecretNotOpened)) throw error;
          unopened++;
          return password;
        }
      });
      if (unopened > 0) result.unopened[NODES_STORE] = (result.unopened[NODES_STORE] ?? 0) + unopened;
      if (JSON.stringify(nodes) === JSON.stringify(row.nodes)) continue;
      const updated = await sql`update workflow_versions set nodes = ${JSON.stringify(nodes)}::jsonb
        where workflow_uuid = ${row.workflow_uuid}::uuid and name = ${row.name} and nodes = ${JSON.stringify(row.nodes)}::jsonb`.execute(db);
      result.sealed[NODES_STORE] = (result.sealed[NODES_STORE] ?? 0) + Number(updated.numAffectedRows ?? 0);
    }
    if (rows.length < PAGE) return;
    after = { workflow: rows.at(-1)!.workflow_uuid, name: rows.at(-1)!.name };
  }
}

async function pass(db: Db, kind: PassKind): Promise<PassResult> {
  const result: PassResult = { sealed: {}, unopened: {} };
  for (const store of COLUMN_STORES) await passColumn(db, store, kind, result);
  await passNodes(db, kind, result);
  return result;
}

/**
 * The key ids stored secrets are sealed with that this process was not given, with their counts: a
 * start with a new LUMA_SECRET_KEY but without the old one in LUMA_SECRET_KEY_PREVIOUS says so at once.
 */
export async function unknownKeyIds(db: Db): Promise<Record<string, number>> {
  const accepted = new Set(secretKeys().accepted.map((key) => key.id));
  const counts: Record<string, number> = {};
  const count = (id: string | null, n = 1) => {
    if (id !== null && !accepted.has(id)) counts[id] = (counts[id] ?? 0) + n;
  };
  for (const store of COLUMN_STORES) {
    const column = sql.ref(store.column);
    const rows = await sql<{ id: string; n: number }>`select substr(${column}, ${SEALED_PREFIX.length + 1}, 16) as id, count(*)::int as n from ${sql.table(store.table)}
      where ${column} like ${`${SEALED_PREFIX}%`} and ${store.only ?? sql`true`} group by 1`.execute(db);
    for (const row of rows.rows) count(/^[0-9a-f]{16}$/.test(row.id) ? row.id : null, row.n);
  }
  const versions = await sql<{ nodes: unknown[] }>`select nodes from workflow_versions where nodes::text like ${'%"smtp"%'}`.execute(db);
  for (const version of versions.rows) mapPasswords(version.nodes, (password) => (count(sealedKeyId(password)), password));
  return counts;
}

/** Seals the secrets stored in clear before sealing existed (every start; idempotent, quick when none is left). */
export function sealClearSecrets(db: Db): Promise<PassResult> {
  return pass(db, 'clear');
}

/** Seals every secret with the current key (opening it with any accepted key): the rotation command's pass. */
export function resealSecrets(db: Db): Promise<PassResult> {
  return pass(db, 'stale');
}
