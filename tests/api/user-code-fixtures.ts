// Shared by the action and route API tests: the escape attempts every server entry point of user
// code is tried with (docs/user-code.md "The sandbox"), and what each must answer.

/** name -> [code, a fragment of the message the caller must get]. */
export const ESCAPES: Record<string, [string, RegExp]> = {
  constructorChain: ["return this.constructor.constructor('return process')().env", /'process' is not defined/],
  functionCtor: ["return Function('return require')()('fs')", /'require' is not defined/],
  // No module loader: import() only ever gives a Promise, and a Promise is no answer.
  dynamicImport: ["return import('node:fs')", /not JSON: a Promise/],
  prepareStackTrace: [
    'Error.prepareStackTrace = (e, frames) => frames[0].getThis(); const leaked = new Error().stack; return leaked.process.env',
    /undefined|not a function|cannot read|of undefined|getThis/i,
  ],
  infiniteLoop: ['while (true) {}', /interrupted|deadline|timeout/i],
  memoryBomb: ["let s = 'x'; for (;;) s += s;", /out of memory/i],
  deepRecursion: ['const f = (n) => f(n + 1) + 1; return f(0)', /stack overflow|too much recursion|call stack/i],
};
