// The template catalogue (docs/templates.md): the JSON files of templates/ at the repository's root,
// read once. A file is { id, name, description, about, icon, snapshot }: `snapshot` is a project
// snapshot (docs/snapshots.md, format 1) with its sample records. What the landing page shows of it
// (contents) is read from the snapshot itself.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEMPLATE_ID_PATTERN, type TemplateContents } from '../../../runtime/api/templates';
import type { SnapshotDocument } from '../../../runtime/snapshots/diff';
import { projectRoot } from '../platform/root';
import { isPlainObject } from '../platform/validate';

export interface CatalogueTemplate {
  id: string;
  name: string;
  description: string;
  about: string;
  icon: string;
  snapshot: SnapshotDocument;
}

type Item = Record<string, unknown>;
const items = (document: SnapshotDocument, part: string): Item[] => (Array.isArray(document[part]) ? (document[part] as unknown[]).filter(isPlainObject) : []);
const names = (document: SnapshotDocument, part: string) => items(document, part).map((item) => String(item.name));

let loaded: CatalogueTemplate[] | undefined;

/** Every template of templates/, by id (a malformed file fails the start: it is the repository's own). */
export function templateCatalogue(): CatalogueTemplate[] {
  if (loaded) return loaded;
  const dir = join(projectRoot(), 'templates');
  loaded = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const template = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CatalogueTemplate;
      if (!TEMPLATE_ID_PATTERN.test(template.id) || !isPlainObject(template.snapshot)) throw new Error(`templates/${file} is not a template`);
      return template;
    });
  return loaded;
}

export function findTemplate(id: string): CatalogueTemplate | undefined {
  return templateCatalogue().find((template) => template.id === id);
}

/** The component a snapshot item names, with its dev version's fields (by label). */
function componentOf(item: Item): TemplateContents['components'][number] {
  const versions = Array.isArray(item.versions) ? (item.versions as { name: string; settings?: { fields?: { label?: unknown; name?: unknown; key?: unknown }[] } }[]) : [];
  const dev = versions.find((version) => version.name === item.dev_version) ?? versions[0];
  const label = isPlainObject(item.label) && typeof item.label.en_US === 'string' ? item.label.en_US : String(item.name);
  return { name: String(item.name), label, fields: (dev?.settings?.fields ?? []).map((field) => String(field.name ?? field.key)) };
}

/** What a template holds, for its landing page. */
export function contentsOf(template: CatalogueTemplate): TemplateContents {
  const { snapshot } = template;
  const components = items(snapshot, 'components');
  const nameOf = (uuid: unknown) => String(components.find((item) => item.uuid === uuid)?.name ?? uuid);
  return {
    components: components.map(componentOf),
    workflows: names(snapshot, 'workflows'),
    functions: names(snapshot, 'functions'),
    sparks: names(snapshot, 'sparks'),
    widgets: names(snapshot, 'widgets'),
    apps: items(snapshot, 'apps').map((item) => String(item.label ?? item.name)),
    records: items(snapshot, 'records').map((group) => ({ component: nameOf(group.component_uuid), count: Array.isArray(group.rows) ? group.rows.length : 0 })),
  };
}
