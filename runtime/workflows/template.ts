// Text in a node's data may quote the run's values: `{{data.title}}`, `{{record.uuid}}`, `{{event}}`,
// `{{State.Results.12345678.status}}`, `{{item.email}}` (inside an each). A missing path renders as ''.
// Objects render as JSON. Nothing is evaluated: a path is only read, never called.
const TOKEN = /\{\{\s*([A-Za-z_$][\w$]*(?:\.[\w$-]+)*)\s*\}\}/g;

/** The text with every quoted value replaced by `0`: JSON with values quoted outside strings (`{"total": {{data.total}}}`) can be checked before it is rendered. */
export function withPlaceholders(text: string): string {
  return text.replace(TOKEN, '0');
}

export function readPath(scope: Record<string, unknown>, path: string): unknown {
  let value: unknown = scope;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export function renderTemplate(text: string, scope: Record<string, unknown>): string {
  return text.replace(TOKEN, (_, path: string) => {
    const value = readPath(scope, path);
    if (value === undefined || value === null) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
}
