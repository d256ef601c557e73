// The CodeMirror 6 view behind CodeEditor. Loaded only when a code editor mounts (see CodeEditor.tsx).
// A script editor (language javascript with a kind) also loads the TypeScript worker's extensions
// (ts/tsClient.ts): completion of the kind's names, type errors underlined, types on hover.
import { HighlightStyle, indentUnit, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { basicSetup, EditorView } from 'codemirror';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import { CODE_EDITOR, type CodeEditorProps } from './codeEditorModel';

const theme = EditorView.theme({
  '&': { fontSize: `${CODE_EDITOR.fontSize}px`, backgroundColor: 'var(--surface)', color: 'var(--text)' },
  '.cm-gutters': { backgroundColor: 'var(--surface-2)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'color-mix(in srgb, var(--primary-soft) 45%, transparent)' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  // Completion, lint and hover tooltips in the theme's colours (CodeMirror's are for a white page).
  '.cm-tooltip': { backgroundColor: 'var(--surface)', color: 'var(--text)', border: '1px solid var(--border)', boxShadow: 'var(--shadow)' },
  '.cm-tooltip-autocomplete > ul > li': { color: 'var(--text)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--primary)', color: 'var(--on-primary)' },
  '.cm-completionIcon': { color: 'inherit', opacity: '0.7' },
  '.cm-diagnosticSource': { color: 'var(--muted)' },
  '.cm-ts-hover': { padding: '0.3rem 0.5rem', maxWidth: '32rem', whiteSpace: 'pre-wrap' },
  '.cm-ts-hover code': { color: 'var(--code-name)' },
  '.cm-ts-hover p': { margin: '0.3rem 0 0' },
});

// Syntax colours from the theme (--code-* in styles.css), so code reads in the dark theme too:
// CodeMirror's default colours are made for a white page.
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.operatorKeyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword], color: 'var(--code-keyword)' },
  { tag: [tags.string, tags.special(tags.string), tags.regexp], color: 'var(--code-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--code-number)' },
  { tag: [tags.propertyName, tags.definition(tags.variableName), tags.function(tags.variableName)], color: 'var(--code-name)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--muted)', fontStyle: 'italic' },
  { tag: tags.invalid, color: 'var(--danger)' },
]);

async function languageFor(language: CodeEditorProps['language'], kind: CodeEditorProps['kind']) {
  if (language === 'json') return (await import('@codemirror/lang-json')).json();
  if (language === 'text') return [];
  if (language === 'sql') return (await import('@codemirror/lang-sql')).sql();
  const javascript = (await import('@codemirror/lang-javascript')).javascript();
  // No Worker (jsdom in the dom tests): the editor still edits, without the type service.
  if (!kind || typeof Worker === 'undefined') return javascript;
  return [javascript, (await import('./ts/tsClient')).scriptExtensions(kind)];
}

type ViewProps = Omit<CodeEditorProps, 'height'> & { cssHeight: string; autoFocus?: boolean };

export default function CodeMirrorView({ value, onChange, language, kind, readOnly, label, cssHeight, autoFocus }: ViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const lang = useRef(new Compartment());
  const editable = useRef(new Compartment());

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          theme,
          syntaxHighlighting(highlight),
          EditorState.tabSize.of(CODE_EDITOR.tabSize),
          indentUnit.of(' '.repeat(CODE_EDITOR.tabSize)),
          lang.current.of([]),
          editable.current.of(EditorState.readOnly.of(Boolean(readOnly))),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    if (autoFocus) editor.focus();
    let live = true;
    void languageFor(language, kind).then((support) => {
      if (live) editor.dispatch({ effects: lang.current.reconfigure(support) });
    });
    return () => {
      live = false;
      editor.destroy();
      view.current = null;
    };
    // The view is created once; value and readOnly are synced below (language and kind do not change).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // An outside change (restore, reload) replaces the document; the user's own edits already match.
  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current !== value) editor.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure(EditorState.readOnly.of(Boolean(readOnly))) });
  }, [readOnly]);

  return <div ref={host} className="code-editor-view" style={{ height: cssHeight }} />;
}
