// Table types of workspace templates (migration 0029_template_installs; docs/templates.md).
import type { Selectable } from 'kysely';
import type { Json, Timestamp } from './schema-columns';

/** What an install created, by part: the uuids an uninstall removes. */
export interface TemplateLedger {
  components: string[];
  workflows: string[];
  functions: string[];
  sparks: string[];
  widgets: string[];
  apps: string[];
  records: string[];
}

export interface TemplateInstallsTable {
  workspace_uuid: string;
  project_uuid: string;
  template_id: string;
  ledger: Json<TemplateLedger>;
  installed_by: string | null;
  installed_at: Timestamp;
}

export type TemplateInstallRow = Selectable<TemplateInstallsTable>;
