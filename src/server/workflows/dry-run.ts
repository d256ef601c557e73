// The dry run (spec section 7, "Workflow host"): POST /workflow/component/dryrun {component_uuid, event,
// dry_run: true, nodes, model_collection?}. The graph as drawn (saved or not) runs against the given
// record, or one made up from the component's fields; every node is evaluated, nothing is sent,
// written or queued (docs/workflows.md).
import type { Kysely } from 'kysely';
import { WORKFLOW_MESSAGE, type DryRunAnswer } from '../../../runtime/api/workflows';
import { COMPONENT_MESSAGE } from '../../../runtime/components/index';
import type { ViewField } from '../../../schemas/viewSchema.schema';
import { nowDate } from '../platform/clock';
import type { Database } from '../db/schema';
import { forbidden, HttpError } from '../platform/errors';
import { isPlainObject, isUuid } from '../platform/validate';
import { dryRun } from './record-events';
import { assertStorableJson, bodyObject } from '../components/input';
import { mayOnComponent } from '../components/model';
import { compileFor, envSettingsOrNull } from '../records/view';
import { requireProject, type Accountability } from '../auth/tenancy';
import { parseNodes } from './entities';

type Db = Kysely<Database>;

const invalid = (field: string, message: string) => new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field, messages: [message] }]);

/** A plausible value for a field of the component (the dry run's made-up record). */
export function sampleValue(field: ViewField): unknown {
  if (field.defaultValue !== null && field.defaultValue !== undefined) return field.defaultValue;
  if (field.relation) return null;
  const items = field.options.items;
  if (items.length > 0) return field.options.multiple ? [items[0]!.value] : items[0]!.value;
  const kind = `${field.module}/${field.type}`.toLowerCase();
  if (/number|integer|decimal|range|rating/.test(kind)) return field.options.min ?? 1;
  if (/bool|checkbox|switch|toggle/.test(kind)) return true;
  if (/datetime|date_time/.test(kind)) return nowDate().toISOString();
  if (/date/.test(kind)) return nowDate().toISOString().slice(0, 10);
  if (/email/.test(kind)) return 'someone@example.com';
  if (/url|link/.test(kind)) return 'https://example.com';
  if (/json|object|fieldset|table/.test(kind)) return null;
  return `Sample ${field.label || field.key}`;
}

export async function dryRunWorkflow(db: Db, accountability: Accountability, body: unknown): Promise<DryRunAnswer> {
  const input = bodyObject(body);
  const projectUuid = requireProject(accountability);
  if (input.dry_run !== true) throw invalid('dry_run', COMPONENT_MESSAGE.invalidInput);
  if (typeof input.component_uuid !== 'string' || !isUuid(input.component_uuid)) throw invalid('component_uuid', COMPONENT_MESSAGE.requiredField);
  if (typeof input.event !== 'string' || input.event.trim() === '' || input.event.length > 128) throw invalid('event', COMPONENT_MESSAGE.requiredField);
  const component = await db.selectFrom('components').selectAll().where('project_uuid', '=', projectUuid).where('uuid', '=', input.component_uuid.toLowerCase()).executeTakeFirst();
  if (!component) throw new HttpError(404, WORKFLOW_MESSAGE.notFound);
  if (!mayOnComponent(accountability, 'settings', component)) throw forbidden();
  const nodes = parseNodes(input.nodes);
  let data: Record<string, unknown>;
  if (input.model_collection !== undefined && input.model_collection !== null) {
    if (!isPlainObject(input.model_collection)) throw invalid('model_collection', COMPONENT_MESSAGE.invalidInput);
    assertStorableJson(input.model_collection, 'model_collection');
    data = input.model_collection;
  } else {
    const settings = (await envSettingsOrNull(db, component, accountability.env)) ?? (await envSettingsOrNull(db, component, 'dev'));
    data = {};
    if (settings) {
      const view = compileFor(component, settings, { locale: 'en_US', roles: [], isAdmin: true, page: 'model_create' });
      for (const field of view.fields) data[field.key] = sampleValue(field);
    }
  }
  return dryRun(db, accountability, { projectUuid, componentUuid: component.uuid, env: accountability.env }, { name: 'dry run', nodes }, input.event.trim(), data);
}
