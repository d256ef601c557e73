// Reading what comes out of QuickJS and what goes in, without trusting either (used by sandbox.ts).
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';

/** The message of a host exception thrown from inside the wasm module. */
export function hostMessage(error: unknown): string {
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'stack overflow';
  const message = error instanceof Error ? error.message : String(error);
  return `sandbox failure (${message.slice(0, 200)})`;
}

/** Deepest nesting of arrays and objects in a JSON text (strings skipped). */
export function jsonDepth(json: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** The message of an exception handle, read without trusting it (getters may throw). */
export function describeHandle(context: QuickJSContext, handle: QuickJSHandle): string {
  try {
    const read = (key: string): string | null => {
      const prop = context.getProp(handle, key);
      try {
        return context.typeof(prop) === 'string' ? context.getString(prop) : null;
      } finally {
        prop.dispose();
      }
    };
    if (context.typeof(handle) === 'string') return context.getString(handle).slice(0, 1000);
    if (context.typeof(handle) !== 'object') return 'uncaught exception';
    const message = read('message');
    const name = read('name');
    if (message === null) return 'uncaught exception';
    if (name === 'InternalError' && message === 'interrupted') return 'deadline exceeded';
    if (name === 'InternalError' && (message === 'out of memory' || message.includes('too long'))) return 'out of memory';
    if (name === 'InternalError' && message === 'stack overflow') return 'stack overflow';
    return (name && name !== 'Error' ? `${name}: ${message}` : message).slice(0, 1000);
  } catch {
    return 'uncaught exception';
  }
}
