// jsonb values are written as JSON text: pg would send a JS array as a Postgres array literal,
// and PGlite and pg both accept text for a jsonb parameter.
export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}
