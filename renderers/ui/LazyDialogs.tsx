// The modal dialog and the confirmation, loaded when first opened: react-aria's modal, focus scope
// and overlay code stay out of a page that only might open one (the record list's load-failure dialog
// and bulk delete confirmation; docs/benchmarks.md "Light first load"). Until the first open nothing
// is drawn, as the eager ones draw nothing while closed; once loaded they stay mounted, so closing
// keeps react-aria's exit and focus return.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog';
import type { DialogProps } from './Dialog';

function openedOnce<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function LazyWhenOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyWhenOpen;
}

export const LazyDialog = openedOnce<DialogProps>(() => import('./Dialog').then((m) => m.Dialog));
export const LazyConfirmDialog = openedOnce<ConfirmDialogProps>(() => import('./ConfirmDialog').then((m) => m.ConfirmDialog));
