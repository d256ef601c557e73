// The renderer set of the record list: the enabled plugins' cells (the list puts the built-in cells
// first). The list draws no form; its quick-edit sidebar is loaded with the full set
// (features/records/list/QuickEditWithSet.tsx), so the list page never loads the controls.
import type { RendererSet } from '../../renderers/registry/RendererSet';
import { plugins } from './plugins';

export const listRendererSet: RendererSet = { controls: [], cells: plugins.flatMap((plugin) => plugin.cells ?? []) };
