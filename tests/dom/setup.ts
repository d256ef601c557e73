// setupFiles of the dom project (vite.config.ts): testing-library's async utilities (findBy*, waitFor)
// wait for their condition up to 10 s instead of 1 s. A condition that holds returns at once; the bound
// only matters on a machine busy with other work, where a render plus a faked fetch can take seconds.
// The project's testTimeout (30 s) leaves room for a few such waits in one test.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });

// jsdom has no CSS.escape; react-aria's focus scopes use it to find radio groups by name.
if (typeof globalThis.CSS === 'undefined' || typeof globalThis.CSS.escape !== 'function') {
  const escape = (value: string) => String(value).replace(/^\d/, (d) => `\\3${d} `).replace(/[^\w-]/g, (c) => `\\${c}`);
  (globalThis as { CSS?: unknown }).CSS = { ...(globalThis.CSS ?? {}), escape };
}
