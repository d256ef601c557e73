// An inline code editor with a fullscreen toggle (closed with Escape). CodeMirror is code split:
// its chunk loads when the first editor mounts, so pages without one stay light.
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CODE_EDITOR, type CodeEditorProps } from './codeEditorModel';

const CodeMirrorView = lazy(() => import('./CodeMirrorView'));

export function CodeEditor(props: CodeEditorProps) {
  const intl = useIntl();
  const [fullscreen, setFullscreen] = useState(false);
  const height = fullscreen ? '100%' : `${props.height ?? CODE_EDITOR.height}px`;

  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        setFullscreen(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullscreen]);

  return (
    <div className={`code-editor${fullscreen ? ' is-fullscreen' : ''}`} data-testid={props.testId}>
      <div className="code-editor-bar">
        <span className="muted">{props.label}</span>
        <button
          type="button"
          className="button button-ghost button-small"
          aria-pressed={fullscreen}
          onClick={() => setFullscreen((f) => !f)}
          title={intl.formatMessage({ id: fullscreen ? 'code.exitFullscreen' : 'code.fullscreen' })}
        >
          <FormattedMessage id={fullscreen ? 'code.exitFullscreen' : 'code.fullscreen'} />
        </button>
      </div>
      <Suspense fallback={<div className="skeleton" style={{ height }} aria-busy="true" />}>
        <CodeMirrorView {...props} cssHeight={height} />
      </Suspense>
    </div>
  );
}
