// setupFiles of the dom project (vite.config.ts): testing-library's async utilities (findBy*, waitFor)
// wait for their condition up to 20 s instead of 1 s. A condition that holds returns at once; the bound
// only matters on a machine busy with other work, where a render plus a faked fetch can take seconds,
// and the first visit of a lazily loaded screen waits for vitest to transform its modules: at a load
// average near 10 (a build and two e2e shards beside the suite) a component's settings page and the
// media library took more than 10 s to appear where they take under 1 s on a quiet machine.
// The project's testTimeout (30 s) bounds the test as a whole.
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { preloadDialogs } from '../../renderers/ui/LazyDialogs';

configure({ asyncUtilTimeout: 20_000 });

// jsdom has no CSS.escape; react-aria-components escapes <meta> names with it (Modal, Popover). The
// names it passes are plain words, so escaping every non-word character is enough here.
const css = globalThis as { CSS?: { escape?: (value: string) => string } };
css.CSS ??= {};
css.CSS.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`);

// The record form's dialogs load react-aria's modal on their first open (renderers/ui/LazyDialogs); in a
// browser that first open waits for a chunk, here the code is loaded before the tests so a dialog draws
// in the render that opens it, as the tests expect of react-aria's Modal. The e2e specs meet the wait.
await preloadDialogs();

// The admin shell starts the introduction tutorial for a user with no saved tutorial config, which
// every faked API here is. Tests of other screens run without it; tests/dom/tutorials.test.tsx
// mounts the real one (vi.importActual).
vi.mock('../../src/app/features/tutorials/Tutorials', () => ({ Tutorials: () => null }));
