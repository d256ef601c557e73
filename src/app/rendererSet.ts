// The renderer set the record screens run with: the built-in controls and cells, then each enabled
// plugin's (docs/custom-renderers.md).
import { composeRendererSet, defaultCells, defaultRenderers } from '../../renderers';
import { plugins } from './plugins';

export const rendererSet = composeRendererSet({ controls: defaultRenderers, cells: defaultCells }, plugins);
