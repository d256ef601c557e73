// The code editor (spec section 2): inline, or a preview that opens it in a modal or a sidebar;
// a fullscreen toggle; Escape leaves fullscreen, then closes the modal or sidebar. An Escape that
// CodeMirror used (closing completion, search or the lint panel) is not ours: it marks the event
// handled (defaultPrevented) and nothing closes. CodeMirror, and for a script kind the TypeScript
// worker, are code split: they load when the first editor opens, so pages without one stay light.
import { lazy, Suspense, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { CODE_EDITOR, type CodeEditorProps } from './codeEditorModel';

const CodeMirrorView = lazy(() => import('./CodeMirrorView'));

const PREVIEW_LINES = 6;

export function CodeEditor(props: CodeEditorProps) {
  const mode = props.mode ?? 'inline';
  return mode === 'inline' ? <EditorFrame {...props} /> : <OpenedEditor {...props} mode={mode} />;
}

interface FrameProps extends CodeEditorProps {
  /** Shown with a close button (modal and sidebar). */
  onClose?: () => void;
  autoFocus?: boolean;
}

function EditorFrame({ onClose, autoFocus, ...props }: FrameProps) {
  const intl = useIntl();
  const [fullscreen, setFullscreen] = useState(false);
  const fill = fullscreen || props.mode === 'sidebar';
  const height = fill ? '100%' : `${props.height ?? CODE_EDITOR.height}px`;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    if (fullscreen) setFullscreen(false);
    else if (onClose) onClose();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className={`code-editor${fullscreen ? ' is-fullscreen' : ''}${fill ? ' is-filling' : ''}`} data-testid={props.testId} data-mode={props.mode ?? 'inline'} onKeyDown={onKeyDown}>
      <div className="code-editor-bar">
        <span className="muted">{props.label}</span>
        <span className="code-editor-actions">
          <button
            type="button"
            className="button button-ghost button-small"
            aria-pressed={fullscreen}
            data-testid="code-fullscreen"
            onClick={() => setFullscreen((f) => !f)}
            title={intl.formatMessage({ id: fullscreen ? 'code.exitFullscreen' : 'code.fullscreen' })}
          >
            <FormattedMessage id={fullscreen ? 'code.exitFullscreen' : 'code.fullscreen'} />
          </button>
          {onClose ? (
            <button type="button" className="button button-ghost button-small" data-testid="code-close" onClick={onClose}>
              <FormattedMessage id="code.close" />
            </button>
          ) : null}
        </span>
      </div>
      <Suspense fallback={<div className="skeleton" style={{ height }} aria-busy="true" />}>
        <CodeMirrorView {...props} cssHeight={height} autoFocus={autoFocus} />
      </Suspense>
    </div>
  );
}

/** A preview of the code and a button that opens the editor in a modal or a sidebar. */
function OpenedEditor(props: CodeEditorProps & { mode: 'modal' | 'sidebar' }) {
  const [open, setOpen] = useState(false);
  const lines = props.value.split('\n');
  const preview: ReactNode = props.value.trim() === '' ? <FormattedMessage id="code.empty" /> : lines.slice(0, PREVIEW_LINES).join('\n') + (lines.length > PREVIEW_LINES ? '\n…' : '');
  return (
    <div className="code-editor-launcher" data-testid={props.testId ? `${props.testId}-launcher` : undefined}>
      <div className="code-editor-bar">
        <span className="muted">{props.label}</span>
        <button type="button" className="button button-small" data-testid="code-open" onClick={() => setOpen(true)}>
          <FormattedMessage id="code.edit" />
        </button>
      </div>
      <pre className="code-editor-preview">{preview}</pre>
      {/* Escape is handled by the frame (after CodeMirror had its turn), not by the overlay. */}
      <ModalOverlay className={`modal-overlay code-editor-overlay is-${props.mode}`} isOpen={open} onOpenChange={setOpen} isKeyboardDismissDisabled>
        <Modal className={`code-editor-${props.mode}`}>
          <Dialog className="code-editor-dialog" aria-label={props.label}>
            <EditorFrame {...props} onClose={() => setOpen(false)} autoFocus />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </div>
  );
}
