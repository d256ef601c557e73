// The field types this process knows: the built-in table plus the declarations of the enabled plugins.
// The host declares them once at start (the server in buildApp, the app in main.tsx), before any
// settings or record is checked; everything that lists or checks a module/type asks here.
import { FIELD_TYPES } from '../../schemas/fieldTypes';
import type { CompileValueSchema, DeclaredFieldType, FieldTypeDeclaration } from './declaration';

// Starts with a letter: no '__proto__', no '__' names (the record keys keep those).
const NAME = /^[a-z][a-z0-9_]*$/;
const BUILT_IN: Readonly<Record<string, readonly string[]>> = FIELD_TYPES;

let declared: ReadonlyMap<string, DeclaredFieldType> = new Map();
let table: Readonly<Record<string, readonly string[]>> = BUILT_IN;

const pairKey = (module: string, type: string) => `${module}/${type}`;
const own = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);

/**
 * Declares the plugins' field types (replacing an earlier declaration). A declaration that names a
 * built-in pair, repeats a pair or is not a plain name is a developer's mistake: it throws at start.
 * `compile` turns each value schema into its check (the server passes ajv's).
 */
export function declareFieldTypes(declarations: readonly FieldTypeDeclaration[], compile?: CompileValueSchema): void {
  const next = new Map<string, DeclaredFieldType>();
  const nextTable: Record<string, string[]> = Object.fromEntries(Object.entries(BUILT_IN).map(([m, types]) => [m, [...types]]));
  for (const declaration of declarations) {
    const { module, type, value } = declaration;
    const pair = pairKey(module, type);
    if (!NAME.test(module) || !NAME.test(type)) throw new Error(`Field type ${pair}: module and type are a lower-case letter, then letters, digits and '_'`);
    if (own(BUILT_IN, module) && BUILT_IN[module]!.includes(type)) throw new Error(`Field type ${pair} is built in; override its control instead`);
    if (next.has(pair)) throw new Error(`Field type ${pair} is declared twice`);
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`Field type ${pair}: value must be a JSON Schema object`);
    const { options } = declaration;
    if (options !== undefined && (!options || typeof options !== 'object' || Array.isArray(options))) throw new Error(`Field type ${pair}: options must be a JSON Schema object`);
    next.set(pair, { declaration, check: compile ? compile(value) : null, checkOptions: compile && options ? compile(options) : null });
    if (!own(nextTable, module)) nextTable[module] = [];
    nextTable[module]!.push(type);
  }
  declared = next;
  table = nextTable;
}

/** The declaration of a plugin's module/type, or null for a built-in or unknown pair. */
export function declaredFieldType(module: unknown, type: unknown): DeclaredFieldType | null {
  // Asked for every field of every record written: no key is built while no plugin declares a type.
  if (declared.size === 0 || typeof module !== 'string' || typeof type !== 'string') return null;
  return declared.get(pairKey(module, type)) ?? null;
}

/** Every module and its types, built-in first, then the declared ones in declaration order. */
export function fieldTypeTable(): Readonly<Record<string, readonly string[]>> {
  return table;
}

export function isKnownModule(module: unknown): module is string {
  return typeof module === 'string' && own(table, module);
}

export function isKnownPair(module: unknown, type: unknown): boolean {
  return isKnownModule(module) && typeof type === 'string' && table[module]!.includes(type);
}
