// The slate editor shared by text/editor, text/editor_i18n and text/document. Its value is HTML
// text: parsed once per outside change, serialised on every content change.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createEditor, Editor as SlateEditor, Transforms, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, ReactEditor, Slate, withReact } from 'slate-react';
import { addPage, toggleMark, withRich } from './commands';
import { pageMargin } from './constants';
import { RichElementView, RichLeafView } from './elements';
import { htmlToSlate, slateToHtml } from './html';
import { textSelection, type TextSelection } from './selection';
import { RichToolbar } from './Toolbar';
import type { BlockElement, PageElement, RichEditor as Editor } from './types';

export interface RichEditorProps {
  value: unknown;
  onChange: (html: string) => void;
  readOnly: boolean;
  /** The document variant: pages with margins, and Add page in the toolbar. */
  paged?: boolean;
  margin?: number;
  id?: string;
  name?: string;
  placeholder?: string;
  lang?: string;
  aria?: Record<string, unknown>;
  /** Told the selected text's offsets on each selection change (selection.ts), null for a caret; a
   * selection lost with the focus (a click on a comment box) is not reported, so it stays chosen. */
  onSelectText?: (selection: TextSelection | null) => void;
  /** Take the focus when drawn, the caret at the end (the lazy editor's stand-in had the focus). */
  autoFocus?: boolean;
}

const HOTKEYS: Record<string, 'bold' | 'italic'> = { b: 'bold', i: 'italic' };

export function RichEditor(props: RichEditorProps) {
  const { value, onChange, readOnly, paged = false, onSelectText } = props;
  const margin = pageMargin(props.margin);
  const html = typeof value === 'string' ? value : '';
  // The HTML this editor last emitted; another value coming in (a loaded record, a reset) re-parses.
  const emitted = useRef(html);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (html !== emitted.current) {
      emitted.current = html;
      setGeneration((g) => g + 1);
    }
  }, [html]);

  const editor = useMemo(() => withRich(withHistory(withReact(createEditor())) as Editor, { paged, margin }), [generation, paged, margin]);
  const initialValue = useMemo(() => htmlToSlate(emitted.current, { paged, margin }) as Descendant[], [editor]);
  // The caret is put in the editor's own selection, not left to the browser's: a key pressed at once
  // (End, typing) then acts on it rather than on a selection slate has not read yet.
  const autoFocus = useRef(props.autoFocus === true);
  useEffect(() => {
    if (!autoFocus.current) return;
    autoFocus.current = false;
    Transforms.select(editor, SlateEditor.end(editor, []));
    ReactEditor.focus(editor);
  }, [editor]);

  const handleChange = useCallback(
    (nodes: Descendant[]) => {
      if (onSelectText && editor.operations.some((op) => op.type === 'set_selection')) {
        const selected = textSelection(editor);
        if (selected !== undefined) onSelectText(selected);
      }
      if (!editor.operations.some((op) => op.type !== 'set_selection')) return;
      const next = slateToHtml(nodes as (BlockElement | PageElement)[]);
      if (next === emitted.current) return;
      emitted.current = next;
      onChange(next);
    },
    [editor, onChange, onSelectText],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      const key = HOTKEYS[event.key.toLowerCase()];
      if (key && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggleMark(editor, key);
      }
    },
    [editor],
  );

  return (
    <div className={`rich-editor${paged ? ' rich-document' : ''}${readOnly ? ' readonly' : ''}`}>
      <Slate key={`${generation}-${paged}-${margin}`} editor={editor} initialValue={initialValue} onChange={handleChange}>
        <RichToolbar disabled={readOnly} onAddPage={paged ? () => addPage(editor, margin) : undefined} />
        <Editable
          id={props.id}
          data-testid="rich-editable"
          data-name={props.name}
          className="rich-editable"
          lang={props.lang}
          readOnly={readOnly}
          placeholder={props.placeholder || undefined}
          renderElement={RichElementView}
          renderLeaf={RichLeafView}
          onKeyDown={onKeyDown}
          spellCheck
          {...(props.aria ?? {})}
        />
      </Slate>
    </div>
  );
}
