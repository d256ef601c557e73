// The rich text editor loaded on first use: slate and its toolbar come in their own chunk, fetched
// when a rich text field is on screen, so pages without one (the record list) never load them.
import { lazy, Suspense } from 'react';
import type { RichEditorProps } from './RichEditor';

const Loaded = lazy(() => import('./RichEditor').then((module) => ({ default: module.RichEditor })));

export function RichEditor(props: RichEditorProps) {
  return (
    <Suspense fallback={<div className={`rich-editor rich-loading${props.paged ? ' rich-document' : ''}`} data-testid="rich-loading" aria-busy="true" />}>
      <Loaded {...props} />
    </Suspense>
  );
}
