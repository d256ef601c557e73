// The function test panel's input (spec section 5): 'json' mode takes JSON text (it must parse),
// 'simple' mode one `key: value` per line, a value that is JSON taken as such (a number, true, [1])
// and any other value as text. A line without a key is the invalid-format message.

export type FunctionTestMode = 'simple' | 'json';

export type ParsedTestInput = { ok: true; data: unknown } | { ok: false; error: 'invalidJson' | 'invalidFormat' };

function simpleValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function parseTestInput(mode: FunctionTestMode, text: string): ParsedTestInput {
  if (mode === 'json') {
    if (text.trim() === '') return { ok: true, data: null };
    try {
      return { ok: true, data: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, error: 'invalidJson' };
    }
  }
  const data: Record<string, unknown> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const key = colon < 0 ? '' : line.slice(0, colon).trim();
    if (key === '') return { ok: false, error: 'invalidFormat' };
    data[key] = simpleValue(line.slice(colon + 1).trim());
  }
  return { ok: true, data };
}

/** The value as simple-mode lines, or null when it is not a flat object (simple mode cannot say it). */
export function toSimpleText(data: unknown): string | null {
  if (data === null) return '';
  if (typeof data !== 'object' || Array.isArray(data)) return null;
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (key.trim() !== key || key === '' || key.includes(':') || key.includes('\n')) return null;
    // Text that would read back as something else (a number, true, JSON) is written as JSON.
    const text = typeof value === 'string' && !value.includes('\n') && simpleValue(value) === value && value.trim() === value ? value : JSON.stringify(value);
    if (text === undefined) return null;
    lines.push(`${key}: ${text}`);
  }
  return lines.join('\n');
}

/** The text of the other mode, when the current text converts; null keeps the text as it is. */
export function convertTestInput(from: FunctionTestMode, to: FunctionTestMode, text: string): string | null {
  if (from === to) return text;
  const parsed = parseTestInput(from, text);
  if (!parsed.ok) return null;
  return to === 'json' ? JSON.stringify(parsed.data, null, 2) : toSimpleText(parsed.data);
}
