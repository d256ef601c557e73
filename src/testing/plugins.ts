// The field types of your enabled plugins, for the kit: declared in this process as the server declares
// them (src/server/platform/plugins.ts: each value schema compiled by ajv), so the generated settings
// use them, the generated records hold values their schemas accept, and the form's verdict
// (runtime/validation) checks them as the server does.
import { declareFieldTypes, type FieldTypeDeclaration } from '../../runtime/fieldTypes/index';
import { schemaCheck } from './json-schema';

/**
 * Declares the plugins' field types (each plugin's `fieldTypes` from plugins/<name>/type.ts) in this
 * process, replacing an earlier declaration. Call it once before generating, with the same plugins
 * LUMA_PLUGINS enables on the server you test.
 */
export function declarePluginTypes(declarations: readonly FieldTypeDeclaration[]): void {
  declareFieldTypes(declarations, schemaCheck);
}
