// The canvas toolbar: add a node, auto layout and the dry run (not on a run's read-only graph), the
// fullscreen toggle, the save state, and in the live environment the note that Delete does nothing.
import { FormattedMessage, useIntl } from 'react-intl';
import { Maximize, Minimize, Network, Play, Plus } from '../../../../../renderers/ui/icons';
import type { SaveState } from './useCanvasGraph';

export interface CanvasToolbarProps {
  readOnly: boolean;
  live: boolean;
  dryOpen: boolean;
  fullscreen: boolean;
  saveState: SaveState;
  onAdd(): void;
  onLayout(): void;
  onDryRun(): void;
  onFullscreen(): void;
}

export function CanvasToolbar({ readOnly, live, dryOpen, fullscreen, saveState, onAdd, onLayout, onDryRun, onFullscreen }: CanvasToolbarProps) {
  const intl = useIntl();
  return (
    <div className="wf-toolbar" role="toolbar" aria-label={intl.formatMessage({ id: 'workflow.toolbar' })}>
      {readOnly ? null : (
        <button type="button" className="button button-primary button-small" data-testid="wf-add" onClick={onAdd}>
          <Plus aria-hidden="true" /> <FormattedMessage id="workflow.addNode" />
        </button>
      )}
      {readOnly ? null : (
        <button type="button" className="button button-small" data-testid="wf-layout" onClick={onLayout}>
          <Network aria-hidden="true" /> <FormattedMessage id="workflow.autoLayout" />
        </button>
      )}
      {readOnly ? null : (
        <button type="button" className="button button-small" data-testid="wf-dry-run" aria-pressed={dryOpen} onClick={onDryRun}>
          <Play aria-hidden="true" /> <FormattedMessage id="workflow.dryRun" />
        </button>
      )}
      <button type="button" className="button button-small" data-testid="wf-fullscreen" onClick={onFullscreen}>
        {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />} <FormattedMessage id={fullscreen ? 'workflow.exitFullscreen' : 'workflow.fullscreen'} />
      </button>
      <span className={`wf-save wf-save-${saveState}`} data-testid="wf-save-state" role="status">
        <FormattedMessage id={`workflow.save.${saveState}`} />
      </span>
      {live && !readOnly ? (
        <span className="muted wf-live-note" data-testid="wf-live-note">
          <FormattedMessage id="workflow.liveNoDelete" />
        </span>
      ) : null}
    </div>
  );
}
