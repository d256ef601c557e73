// Table types of widgets (migration 0025_widgets; docs/widgets.md).
import type { Selectable } from 'kysely';
import type { JsonWithDefault, Timestamp } from './schema-columns';

export interface WidgetsTable {
  uuid: string;
  project_uuid: string;
  /** The component whose records the widget reads, or null when a thunder data set is its source. */
  component_uuid: string | null;
  /** The thunder data set the widget reads (migration 0033_thunder), or null. */
  thunder_uuid: string | null;
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
