// The field types of the enabled plugins (LUMA_PLUGINS): each plugins/<name>/type.ts declares its
// module/type pairs with the JSON Schema of their values; the server checks record values with that
// schema through ajv, so a value the schema refuses gets 417 invalidInput and nothing is written.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import { declareFieldTypes, type FieldTypeDeclaration, type ValueSchema } from '../../../runtime/fieldTypes/index';

const PLUGINS_DIR = new URL('../../../plugins/', import.meta.url);

function valueSchemaCompiler(): (schema: ValueSchema) => (value: unknown) => boolean {
  // strict: a misspelt keyword in a declared schema fails the start instead of passing every value.
  const ajv = new Ajv2020({ allErrors: false, strict: true });
  return (schema) => {
    const validate = ajv.compile(schema);
    return (value) => validate(value) === true;
  };
}

/** Declares the field types of the named plugins; a plugin without type.ts only adds controls and cells. */
export async function declarePluginFieldTypes(names: readonly string[]): Promise<void> {
  const declarations: FieldTypeDeclaration[] = [];
  for (const name of names) {
    const dir = new URL(`${name}/`, PLUGINS_DIR);
    if (!existsSync(fileURLToPath(dir))) throw new Error(`LUMA_PLUGINS: there is no folder plugins/${name}`);
    const typeFile = new URL('type.ts', dir);
    if (!existsSync(fileURLToPath(typeFile))) continue;
    const module = (await import(typeFile.href)) as { fieldTypes?: readonly FieldTypeDeclaration[] };
    if (!Array.isArray(module.fieldTypes)) throw new Error(`plugins/${name}/type.ts must export fieldTypes (a list of declarations)`);
    declarations.push(...module.fieldTypes);
  }
  declareFieldTypes(declarations, valueSchemaCompiler());
}
