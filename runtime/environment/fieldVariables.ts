// Field context entries `var:NAME` (spec section 3, FieldDefinition.context; docs/user-code.md
// "Field context entries var:NAME"): compiled once into the ViewField, resolved per page against the
// environment's non-secret variables.
import { variableNameProblem } from './rules';

export const VAR_PREFIX = 'var:';

export interface FieldVariable {
  /** The global variable's name (after `var:`). */
  name: string;
  /** The entry's value: used when the environment has no such (non-secret) variable. */
  fallback: string;
}

/** The `var:NAME` entries of a field's context whose NAME is a valid variable name; the last of a name wins. */
export function compileFieldVariables(context: unknown): FieldVariable[] {
  if (!Array.isArray(context)) return [];
  const byName = new Map<string, string>();
  for (const entry of context) {
    if (!entry || typeof entry !== 'object') continue;
    const { key, value } = entry as { key?: unknown; value?: unknown };
    if (typeof key !== 'string' || !key.startsWith(VAR_PREFIX)) continue;
    const name = key.slice(VAR_PREFIX.length).trim();
    if (variableNameProblem(name) !== null) continue;
    byName.set(name, typeof value === 'string' ? value : '');
  }
  return [...byName].map(([name, fallback]) => ({ name, fallback }));
}

/** `context.vars` of a field's scripts: each entry's variable from `env`, else its fallback. */
export function resolveFieldVariables(variables: readonly FieldVariable[] | undefined, env: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const { name, fallback } of variables ?? []) {
    const value = env && Object.prototype.hasOwnProperty.call(env, name) ? env[name] : undefined;
    vars[name] = typeof value === 'string' ? value : fallback;
  }
  return vars;
}

/** The `context` a field's script gets: the form's context (with `env`) and the field's `vars`. */
export function fieldScriptContext(
  base: Readonly<Record<string, unknown>>,
  variables: readonly FieldVariable[] | undefined,
): Record<string, unknown> {
  const env = base.env && typeof base.env === 'object' ? (base.env as Record<string, string>) : {};
  return { ...base, env, vars: resolveFieldVariables(variables, env) };
}
