// The modal dialog and the confirmation, loaded when first opened: react-aria's modal, focus scope
// and overlay code stay out of a page that only might open one (the record list's load-failure dialog
// and bulk delete confirmation, the record form's fieldset, table, media and carousel dialogs and the
// unsaved-changes guard; docs/benchmarks.md "The edit page (fifth pass)"). Until the first open
// nothing is drawn, as the eager ones draw nothing while closed; once loaded they stay mounted, so
// closing keeps react-aria's exit and focus return. A dialog first opened after its code came in
// draws at once, without Suspense (`preloadDialogs` brings it in: the dom tests' setup does).
import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog';
import type { DialogProps } from './Dialog';

interface OpenedOnce<P> {
  (props: P): JSX.Element | null;
  preload: () => Promise<unknown>;
}

function openedOnce<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): OpenedOnce<P> {
  let ready: ComponentType<P> | null = null;
  const preload = () => load().then((component) => (ready = component));
  const Loaded = lazy(async () => ({ default: await preload() })) as unknown as ComponentType<P>;
  function LazyWhenOpen(props: P) {
    // Chosen at the first open and kept, so the dialog is never drawn a second time from scratch.
    const [mode, setMode] = useState<'ready' | 'lazy' | null>(props.open ? (ready ? 'ready' : 'lazy') : null);
    if (props.open && mode === null) setMode(ready ? 'ready' : 'lazy');
    if (mode === null) return null;
    const Ready = ready;
    if (mode === 'ready' && Ready) return <Ready {...props} />;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyWhenOpen, { preload });
}

export const LazyDialog = openedOnce<DialogProps>(() => import('./Dialog').then((m) => m.Dialog));
export const LazyConfirmDialog = openedOnce<ConfirmDialogProps>(() => import('./ConfirmDialog').then((m) => m.ConfirmDialog));

/** Loads both dialogs' code now; a dialog opened afterwards draws in the same render. */
export const preloadDialogs = () => Promise.all([LazyDialog.preload(), LazyConfirmDialog.preload()]);
