// Workspace templates (docs/templates.md; APPS.md "Templates"): an installable starter kit that is a
// project snapshot (runtime/api/snapshots.ts) with a landing page and sample records. The calls, on
// the main host, admins only:
//   GET  /v3/system/template             the catalogue, with what is installed in which workspace
//   GET  /v3/system/template/{id}        one template: what it contains, where it is installed
//   POST /v3/system/template/{id}/install    {workspace}: one transaction; one template per workspace
//   POST /v3/system/template/{id}/uninstall  {workspace}: removes what its install created, nothing else
import { arrayOf, closed, nullable, stringSchema, uuidSchema } from './schema-kit';
import { snapshotDiffSchema } from './snapshots';

/** Message keys of the template calls (catalogue: runtime/i18n). */
export const TEMPLATE_MESSAGE = {
  /** Spec section 8: 'failed to install or uninstall a template or integration'. */
  installFailed: 'templateInstallFailed',
  /** Spec section 4: 'One template only per workspace.' (with installFailed, at `workspace`). */
  onePerWorkspace: 'templateOnePerWorkspace',
  notFound: 'templateNotFound',
  /** Uninstall of a workspace with no template. */
  notInstalled: 'templateNotInstalled',
} as const;

/** Templates per workspace (spec section 9). */
export const TEMPLATES_PER_WORKSPACE = 1;

export const TEMPLATE_ID_PATTERN = /^[a-z][a-z0-9-]{1,63}$/;

/** What a template holds, by name, for its landing page. */
export interface TemplateContents {
  components: { name: string; label: string; fields: string[] }[];
  workflows: string[];
  functions: string[];
  sparks: string[];
  widgets: string[];
  apps: string[];
  /** Sample records per component name. */
  records: { component: string; count: number }[];
}

export interface TemplateInstall {
  workspace_uuid: string;
  workspace_name: string;
  installed_at: string;
}

export interface TemplateSummary {
  id: string;
  name: string;
  description: string;
  icon: string;
  installed: TemplateInstall[];
}

export interface Template extends TemplateSummary {
  /** A longer text for the landing page: what it is for, how to start. */
  about: string;
  contents: TemplateContents;
}

/** The catalogue: every template, and the project's workspaces with the template each holds. */
export interface TemplateCatalogue {
  templates: TemplateSummary[];
  workspaces: { uuid: string; name: string; template: string | null }[];
}

export interface TemplateInstallBody {
  workspace: string;
}

export interface TemplateInstallResult {
  template: string;
  workspace: string;
  diff: { create: unknown[]; change: unknown[]; remove: unknown[] };
}

const install = closed({ workspace_uuid: uuidSchema, workspace_name: stringSchema, installed_at: stringSchema }, ['workspace_uuid', 'workspace_name', 'installed_at']);
const summary = { id: stringSchema, name: stringSchema, description: stringSchema, icon: stringSchema, installed: arrayOf(install) } as const;
const names = arrayOf(stringSchema);

export const templateSummarySchema = closed(summary, ['id', 'name', 'description', 'icon', 'installed']);

export const templateSchema = closed(
  {
    ...summary,
    about: stringSchema,
    contents: closed(
      {
        components: arrayOf(closed({ name: stringSchema, label: stringSchema, fields: names }, ['name', 'label', 'fields'])),
        workflows: names,
        functions: names,
        sparks: names,
        widgets: names,
        apps: names,
        records: arrayOf(closed({ component: stringSchema, count: { type: 'integer' } }, ['component', 'count'])),
      },
      ['components', 'workflows', 'functions', 'sparks', 'widgets', 'apps', 'records'],
    ),
  },
  ['id', 'name', 'description', 'icon', 'installed', 'about', 'contents'],
);

export const templateCatalogueSchema = closed(
  {
    templates: arrayOf(templateSummarySchema),
    workspaces: arrayOf(closed({ uuid: uuidSchema, name: stringSchema, template: nullable(stringSchema) }, ['uuid', 'name', 'template'])),
  },
  ['templates', 'workspaces'],
);

export const templateParams = closed({ id: { type: 'string', maxLength: 64 } }, ['id']);
export const templateInstallBodySchema = closed({ workspace: uuidSchema }, ['workspace']);
export const templateInstallResultSchema = closed({ template: stringSchema, workspace: uuidSchema, diff: snapshotDiffSchema }, ['template', 'workspace', 'diff']);
