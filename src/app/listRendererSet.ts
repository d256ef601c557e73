// The renderer set of the record list: the built-in cells and the enabled plugins'. The list draws no
// form; its quick-edit sidebar is loaded with the full set (features/records/list/QuickEditWithSet.tsx),
// so the list page never loads the controls.
import { defaultCells } from '../../renderers/cells';
import { composeRendererSet } from '../../renderers/registry/plugin';
import { plugins } from './plugins';

export const listRendererSet = composeRendererSet({ controls: [], cells: defaultCells }, plugins);
