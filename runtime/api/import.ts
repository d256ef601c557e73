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

/**
 * A column header or field name as the import compares them: accents dropped, case ignored, and
 * spaces, '_', '-' and other punctuation left out ('Order Title', 'order_title', 'ORDER-TITLE' are alike).
 */
export function columnMatchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}
