// The enabled plugins (LUMA_PLUGINS at build time; docs/custom-renderers.md). Their field types are
// declared at start, so the field settings offer them and the forms and checks know them; their
// controls and cells join the renderer set of the record screens (rendererSet.ts).
import { plugins } from 'virtual:luma-plugins';
import { declareFieldTypes } from '../../runtime/fieldTypes';

declareFieldTypes(plugins.flatMap((plugin) => plugin.fieldTypes ?? []));

export { plugins };
