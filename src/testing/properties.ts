// Properties against a live Luma over its API (docs/testing-kit.md "Against your server"): every
// generated valid record is accepted and reads back equal; every generated invalid value is refused
// with the same key by the server and by the form (the record rules of runtime/validation on the view
// the form compiles). Each answers how many cases it checked and throws, with the smallest failing
// case fast-check found, when the property fails.
import fc from 'fast-check';
import { RECORD_MESSAGE, validateRecord } from '../../runtime/validation/index';
import type { FieldError } from '../../runtime/api/contract';
import type { ViewField } from '../../schemas/index';
import { formView, type LumaClient, type RefusalBody } from './api';
import { invalidCaseFor } from './invalid';
import { validRecordFor } from './valid';

export interface PropertyOptions {
  /** Cases to run (fast-check's numRuns); 25 when left out: each case is a few HTTP calls. */
  numRuns?: number;
  /** Replays a reported failure (with path). */
  seed?: number;
  path?: string;
}

export interface PropertyReport {
  /** Cases that ran to the end (a case discarded for a unique collision does not count). */
  checked: number;
}

/** JSON text with sorted keys: equal values, whatever the order a JSON column gives keys back in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner,
  );
}

/** Fields whose stored value is not what was sent: hashed ones, passwords, and those a set or get mutator (user code) changes. */
const readsBackAsSent = (field: ViewField | undefined) =>
  !!field && field.visible && !field.hashed && field.renderer !== 'input/password' && !field.mutators.get && !field.mutators.set;

const onlyUnique = (errors: FieldError[] | undefined) => !!errors && errors.length > 0 && errors.every((error) => error.messages.every((key) => key === RECORD_MESSAGE.unique));
const runs = (options: PropertyOptions) => ({ numRuns: options.numRuns ?? 25, ...(options.seed === undefined ? {} : { seed: options.seed }), ...(options.path === undefined ? {} : { path: options.path }) });

/** fast-check's report (counterexample, seed, path) with the failure itself in one message: a runner shows both. */
async function assertProperty<T>(property: fc.IAsyncProperty<T>, options: PropertyOptions): Promise<void> {
  try {
    await fc.assert(property, runs(options));
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null;
    if (!cause || !(error instanceof Error)) throw error;
    throw new Error(`${cause.message}\n${error.message}`, { cause });
  }
}

function fail(what: string, detail: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(detail)}`);
}

/**
 * Every valid record generated for the component (validRecordFor on the create form's view) is
 * created (200) and reads back equal, field by field, for the fields that read back as sent. Each
 * record is deleted after its check. A 417 whose only messages are `unique` (a generated value met an
 * earlier one) discards the case.
 */
export async function checkValidRecordsRoundTrip(client: LumaClient, ref: string, options: PropertyOptions = {}): Promise<PropertyReport> {
  const view = await formView(client, ref, 'model_create');
  const readView = await formView(client, ref, 'model_edit');
  let checked = 0;
  await assertProperty(
    fc.asyncProperty(validRecordFor(view), async (data) => {
      const created = await client.createRecord(ref, data);
      fc.pre(!(created.status === 417 && onlyUnique((created.body as unknown as RefusalBody).errors)));
      if (created.status !== 200) fail(`a valid record was refused with ${created.status}`, created.body);
      const uuid = String(created.body.uuid);
      const read = await client.readRecord(ref, uuid);
      if (read.status !== 200) fail(`the created record ${uuid} reads with ${read.status}`, read.body);
      for (const [key, sent] of Object.entries(data)) {
        if (!readsBackAsSent(readView.fields.find((field) => field.key === key))) continue;
        if (canonical(read.body[key]) !== canonical(sent)) fail(`field '${key}' reads back other than it was written`, { sent, read: read.body[key] });
      }
      await client.deleteRecord(ref, uuid);
      checked += 1;
    }),
    options,
  );
  return { checked };
}

/**
 * Every invalid value generated for the component (invalidCaseFor: one field breaks one rule inside
 * an otherwise valid record) is refused by the server with 417 and exactly the errors the form's rules
 * give the same record, among them the case's key at the case's field. The server's `unique` messages
 * (it knows the other records, the form does not) are set aside before comparing.
 */
export async function checkInvalidValuesRefused(client: LumaClient, ref: string, options: PropertyOptions = {}): Promise<PropertyReport> {
  const view = await formView(client, ref, 'model_create');
  const cases = invalidCaseFor(view);
  if (!cases) throw new Error(`luma/testing: no field of ${ref} the caller may write has a rule to break`);
  let checked = 0;
  await assertProperty(
    fc.asyncProperty(cases, async (found) => {
      const form = validateRecord(view, found.data, { page: 'model_create' });
      if (!form.some((error) => error.field === found.path && error.messages.includes(found.key))) fail(`the form does not give ${found.key} at ${found.path}`, form);
      const answer = await client.createRecord(ref, found.data);
      if (answer.status === 200) {
        await client.deleteRecord(ref, String(answer.body.uuid));
        fail(`the server accepted ${JSON.stringify(found.value)} for '${found.field}', which the form refuses with ${found.key}`, answer.body);
      }
      const body = answer.body as unknown as RefusalBody;
      if (answer.status !== 417) fail(`the server answered ${answer.status} (417 expected) for ${found.key} at ${found.path}`, body);
      const server = (body.errors ?? [])
        .map((error) => ({ ...error, messages: error.messages.filter((key) => key !== RECORD_MESSAGE.unique) }))
        .filter((error) => error.messages.length > 0)
        .map(({ field, messages }) => ({ field, messages }));
      const expected = form.map(({ field, messages }) => ({ field, messages }));
      if (canonical(server) !== canonical(expected)) fail(`the server's errors differ from the form's for ${found.key} at ${found.path}`, { server, form: expected });
      checked += 1;
    }),
    options,
  );
  return { checked };
}
