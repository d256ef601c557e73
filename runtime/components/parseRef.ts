export type ParsedRef = { kind: 'uuid'; uuid: string } | { kind: 'scoped'; scope: string; name: string };

/** A ref from path segments: one segment is a uuid, two are scope and name; anything else is null. */
export function parseRef(segments: readonly string[]): ParsedRef | null {
  const parts = segments.map((s) => s.trim());
  if (parts.some((s) => s === '')) return null;
  if (parts.length === 1) return { kind: 'uuid', uuid: parts[0]! };
  if (parts.length === 2) return { kind: 'scoped', scope: parts[0]!, name: parts[1]! };
  return null;
}
