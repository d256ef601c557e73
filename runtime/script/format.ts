// The error format of the sandbox contract; import-free, so the browser can format an error
// without loading QuickJS.

/** Characters of the code quoted under an error. */
export const SNIPPET_CHARS = 200;

/** `${label}: ${message}\n${first 200 characters of code}` */
export function formatScriptError(label: string, message: string, code: string): string {
  return `${label}: ${message}\n${code.slice(0, SNIPPET_CHARS)}`;
}
