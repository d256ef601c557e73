// The installed templates of a snapshot applied (docs/snapshots.md "Apply"): each workspace (by its
// name, one of the project's) holds the document's template with its ledger, so an uninstall there
// removes what the install created; a workspace the document does not list holds none. The rows are
// templates/'s (template_installs); a document without the part leaves them as they are.
import type { Kysely } from 'kysely';
import { COMPONENT_MESSAGE } from '../../../runtime/components/index';
import type { Database } from '../db/schema';
import type { TemplateLedger } from '../db/schema-templates';
import { toJson } from '../db/json';
import { HttpError } from '../platform/errors';
import type { ApplyContext } from './apply-context';
import { itemsOf, type Item } from './prepare';
import { templateInstallsOf } from './sql';

type Db = Kysely<Database>;

const refused = (field: string, message: string = COMPONENT_MESSAGE.invalidInput) => new HttpError(417, COMPONENT_MESSAGE.fieldsNotValid, [{ field, messages: [message] }]);

export async function applyTemplates(db: Db, context: ApplyContext, projectUuid: string, templates: Item[] | undefined): Promise<void> {
  if (templates === undefined) return;
  const wanted = new Map<string, { template: string; ledger: TemplateLedger }>();
  for (const item of itemsOf({ templates }, 'templates')) {
    const name = String(item.workspace ?? '');
    const [workspace] = context.workspaceUuids([item.workspace], `templates.${name}.workspace`);
    if (wanted.has(workspace!)) throw refused(`templates.${name}.workspace`);
    if (typeof item.template !== 'string' || item.template === '') throw refused(`templates.${name}.template`);
    wanted.set(workspace!, { template: item.template, ledger: item.ledger as TemplateLedger });
  }
  for (const row of await templateInstallsOf(db, projectUuid)) {
    const want = wanted.get(row.workspace_uuid);
    if (!want) await db.deleteFrom('template_installs').where('workspace_uuid', '=', row.workspace_uuid).execute();
    else if (want.template === row.template_id && JSON.stringify(want.ledger) === JSON.stringify(row.ledger)) wanted.delete(row.workspace_uuid);
  }
  for (const [workspace, want] of wanted) {
    const values = { workspace_uuid: workspace, project_uuid: projectUuid, template_id: want.template, ledger: toJson(want.ledger), installed_by: context.accountability.user.uuid };
    await db
      .insertInto('template_installs')
      .values(values)
      .onConflict((conflict) => conflict.column('workspace_uuid').doUpdateSet({ template_id: values.template_id, ledger: values.ledger, installed_by: values.installed_by }))
      .execute();
  }
}
