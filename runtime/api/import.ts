// The import call's wire shapes (docs/lists.md "Import"), shared by the server and the wizard.

/** A successful import's answer. */
export interface ImportResult {
  created: number;
  updated: number;
  total: number;
}

/** One pair of the field_map: a file column to a field key. */
export interface FieldMapEntry {
  from: string;
  to: string;
}
