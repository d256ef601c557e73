// A renderer plugin (docs/custom-renderers.md): what one plugins/<name>/index.ts brings to the app:
// field types it declares (with the JSON Schema the server checks), and controls and list cells for
// any module/type, built-in or its own. The app composes the enabled plugins into the one renderer set.
import type { FieldTypeDeclaration } from '../../runtime/fieldTypes';
import type { CellEntry } from './cells';
import type { RendererSet } from './RendererSet';
import type { RendererEntry } from './types';

export interface RendererPlugin {
  /** The plugins/ folder name (LUMA_PLUGINS lists these). */
  name: string;
  fieldTypes?: readonly FieldTypeDeclaration[];
  controls?: readonly RendererEntry[];
  cells?: readonly CellEntry[];
}

/**
 * The built-in set with each plugin's entries after it, in plugin order: dispatch gives ties to the
 * later entry, so a plugin overrides a built-in at the same rank, and a later plugin an earlier one.
 */
export function composeRendererSet(base: RendererSet, plugins: readonly RendererPlugin[]): RendererSet {
  return {
    controls: [...base.controls, ...plugins.flatMap((plugin) => plugin.controls ?? [])],
    cells: [...base.cells, ...plugins.flatMap((plugin) => plugin.cells ?? [])],
  };
}
