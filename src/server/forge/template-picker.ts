// The template picker on the server (docs/forge.md "The template picker"; spec section 2): the
// components of a project that have a template distribution, with its entrypoints (the picker's
// choices, GET /v3/system/forge/templates), and the check of every picked value a component's
// settings save writes (`components.settings` filter through the hook registry: components never
// import forge). A value names a component of the same project and an entrypoint of the distribution
// its dev or live version points at (runtime/forge/templatePicker.ts); else 417 at the value's path.
import type { Kysely } from 'kysely';
import type { FieldError } from '../../../runtime/api/contract';
import { templateEntrypoints, templatePickerIssue, type TemplateSource } from '../../../runtime/forge/templatePicker';
import type { ComponentSettings, TemplatePickerValue } from '../../../schemas/index';
import type { Database } from '../db/schema';
import type { HookRegistry } from '../platform/hooks';
import { fieldsNotValid } from '../platform/errors';
import { isUuid } from '../platform/validate';
import { mayOnComponent } from '../components/model';
import type { Accountability } from '../auth/tenancy';

type Db = Kysely<Database>;

const labelOf = (label: unknown, name: string) => {
  const texts = label && typeof label === 'object' ? (label as Record<string, string>) : {};
  return texts.en_US || Object.values(texts).find(Boolean) || name;
};

/** The project's components with a distribution (dev or live version), each with its entrypoints; sorted by label. */
export async function templateSources(db: Db, projectUuid: string, accountability?: Accountability): Promise<TemplateSource[]> {
  const rows = await db
    .selectFrom('components as c')
    .innerJoin('component_versions as v', (join) => join.onRef('v.component_uuid', '=', 'c.uuid'))
    .selectAll('c')
    .select(['v.name as version_name', 'v.settings as version_settings'])
    .where('c.project_uuid', '=', projectUuid)
    .execute();
  const releases = new Map<string, Set<string>>();
  const components = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    if (row.version_name !== row.dev_version && row.version_name !== row.public_version) continue;
    if (accountability && !accountability.is_admin && !mayOnComponent(accountability, 'see', row)) continue;
    const dist = (row.version_settings as { templates_dist?: { dist?: unknown } | null }).templates_dist?.dist;
    if (typeof dist !== 'string' || !isUuid(dist)) continue;
    components.set(row.uuid, row);
    releases.set(row.uuid, (releases.get(row.uuid) ?? new Set()).add(dist.toLowerCase()));
  }
  const wanted = [...releases.values()].flatMap((set) => [...set]);
  const found = wanted.length === 0 ? [] : await db.selectFrom('forge_releases').select(['uuid', 'owner_uuid', 'files']).where('project_uuid', '=', projectUuid).where('owner_kind', '=', 'component').where('uuid', 'in', wanted).execute();
  const sources: TemplateSource[] = [];
  for (const [uuid, row] of components) {
    const files = found.filter((release) => release.owner_uuid === uuid && releases.get(uuid)!.has(release.uuid)).flatMap((release) => release.files.map((file) => file.path));
    const templates = [...new Set(templateEntrypoints(files))];
    if (templates.length > 0) sources.push({ component: uuid, label: labelOf(row.label, row.name), templates });
  }
  return sources.sort((a, b) => a.label.localeCompare(b.label) || a.component.localeCompare(b.component));
}

/** Every picked value of the settings with its path: the list columns' and the fields' component_template. */
function pickedValues(settings: ComponentSettings): { path: string; value: TemplatePickerValue }[] {
  const picked: { path: string; value: TemplatePickerValue }[] = [];
  (settings.list?.fields ?? []).forEach((field, index) => {
    if (field.component_template) picked.push({ path: `list.fields.${index}.component_template`, value: field.component_template });
  });
  (settings.fields ?? []).forEach((field, index) => {
    if (field.component_template) picked.push({ path: `fields.${index}.component_template`, value: field.component_template });
  });
  return picked;
}

/** Refuses a settings save whose picked templates are not a distribution's entrypoints; answers the unsubscribe. */
export function judgePickedTemplates(registry: HookRegistry): () => void {
  return registry.onFilter('components.settings', async ({ component, settings }, _meta, { db }) => {
    const picked = pickedValues(settings);
    if (picked.length === 0) return;
    const sources = await templateSources(db, component.project_uuid);
    const errors: FieldError[] = [];
    for (const { path, value } of picked) {
      const issue = templatePickerIssue(value, sources);
      if (issue) errors.push({ field: path, messages: [issue] });
    }
    if (errors.length > 0) throw fieldsNotValid(errors);
  });
}
