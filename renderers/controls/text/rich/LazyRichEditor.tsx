// The rich text editor loaded on first use: slate and its toolbar come in their own chunk, fetched
// when a rich text field comes near the viewport (useNearViewport) or takes the focus, so pages
// without one (the record list), and long forms whose rich text fields are further down, do not load
// them with the page. Until then the field is a focusable stand-in of the editor's size with the
// field's accessible name; focusing it loads the editor and moves the focus into it.
import { lazy, Suspense, useState } from 'react';
import { useNearViewport } from '../../../ui/useNearViewport';
import type { RichEditorProps } from './RichEditor';

/** Once the chunk is in, further editors (another field, a locale switch) draw at once. */
let chunkLoaded = false;
const Loaded = lazy(() =>
  import('./RichEditor').then((module) => {
    chunkLoaded = true;
    return { default: module.RichEditor };
  }),
);

export function RichEditor(props: RichEditorProps) {
  const near = useNearViewport<HTMLDivElement>();
  const [focusWanted, setFocusWanted] = useState(false);
  const className = `rich-editor rich-loading${props.paged ? ' rich-document' : ''}`;
  if (!near.near && !chunkLoaded) {
    return (
      <div
        ref={near.ref}
        className={className}
        data-testid="rich-standin"
        role="textbox"
        aria-multiline="true"
        aria-readonly={props.readOnly || undefined}
        tabIndex={0}
        {...(props.aria ?? {})}
        onFocus={() => {
          setFocusWanted(true);
          near.wake();
        }}
        onPointerDown={near.wake}
      />
    );
  }
  return (
    <Suspense fallback={<div className={className} data-testid="rich-loading" aria-busy="true" />}>
      <Loaded {...props} autoFocus={focusWanted} />
    </Suspense>
  );
}
