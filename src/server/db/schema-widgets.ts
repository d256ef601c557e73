// Table types of widgets (migration 0025_widgets; docs/widgets.md).
import type { Selectable } from 'kysely';
import type { JsonWithDefault, Timestamp } from './schema-columns';

export interface WidgetsTable {
  uuid: string;
  project_uuid: string;
  component_uuid: string;
  name: string;
  kind: 'number' | 'table' | 'chart';
  /** WidgetSettings (runtime/api/widgets.ts), checked before every write. */
  settings: JsonWithDefault<Record<string, unknown>>;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WidgetPlacesTable {
  project_uuid: string;
  place: 'dashboard' | 'home';
  widget_uuid: string;
  position: number;
}

export type WidgetRow = Selectable<WidgetsTable>;
