// The renderer set the app runs with: the built-in controls and cells, then each enabled plugin's
// (LUMA_PLUGINS at build time; docs/custom-renderers.md). The plugins' field types are declared
// here too, so the field settings offer them and the forms know them.
import { plugins } from 'virtual:luma-plugins';
import { declareFieldTypes } from '../../runtime/fieldTypes';
import { composeRendererSet, defaultRenderers } from '../../renderers';

declareFieldTypes(plugins.flatMap((plugin) => plugin.fieldTypes ?? []));

export const rendererSet = composeRendererSet({ controls: defaultRenderers, cells: [] }, plugins);
