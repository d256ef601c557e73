// The field types of the enabled plugins (LUMA_PLUGINS): each plugins/<name>/type.ts declares its
// module/type pairs with the JSON Schema of their values; the server checks record values with that
// schema through ajv, so a value the schema refuses gets 417 invalidInput and nothing is written.
// The type modules come from plugin-types.ts, a static list that scripts/build-server.mjs writes, so
// the compiled server (dist/server) holds them; a plugin added since is imported by path under tsx.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import { declareFieldTypes, type FieldTypeDeclaration, type ValueSchema } from '../../../runtime/fieldTypes/index';
import { pluginTypeModules } from './plugin-types';
import { projectRoot } from './root';

type TypeModule = { readonly fieldTypes?: unknown };

function valueSchemaCompiler(): (schema: ValueSchema) => (value: unknown) => boolean {
  // strict: a misspelt keyword in a declared schema fails the start instead of passing every value.
  const ajv = new Ajv2020({ allErrors: false, strict: true });
  return (schema) => {
    const validate = ajv.compile(schema);
    return (value) => validate(value) === true;
  };
}

/** The type module of plugins/<name>: from the generated list, else by path (tsx only); null when it has none. */
async function typeModule(name: string): Promise<TypeModule | null> {
  const dir = join(projectRoot(), 'plugins', name);
  if (!existsSync(dir)) throw new Error(`LUMA_PLUGINS: there is no folder plugins/${name}`);
  if (Object.hasOwn(pluginTypeModules, name)) return pluginTypeModules[name]!;
  const typeFile = join(dir, 'type.ts');
  if (!existsSync(typeFile)) return null;
  try {
    return (await import(pathToFileURL(typeFile).href)) as TypeModule;
  } catch (error) {
    throw new Error(`plugins/${name}/type.ts is not in the compiled server (src/server/platform/plugin-types.ts): run npm run build`, { cause: error });
  }
}

/** Declares the field types of the named plugins; a plugin without type.ts only adds controls and cells. */
export async function declarePluginFieldTypes(names: readonly string[]): Promise<void> {
  const declarations: FieldTypeDeclaration[] = [];
  for (const name of names) {
    const module = await typeModule(name);
    if (module === null) continue;
    if (!Array.isArray(module.fieldTypes)) throw new Error(`plugins/${name}/type.ts must export fieldTypes (a list of declarations)`);
    declarations.push(...(module.fieldTypes as FieldTypeDeclaration[]));
  }
  declareFieldTypes(declarations, valueSchemaCompiler());
}
