// The node editor (spec sections 3 and 5): edits a draft of one node. Closing with valid fields calls
// onChange(draft) then onClose(); with invalid fields it stays open and says 'Some fields are not
// valid!'. Cancel (and Escape) discard. Code fields use the app's CodeMirror editor; JSON fields are
// checked after 1 s without typing, with the error under the editor.
// The fields by node type are in NodeFields.tsx, the draft and its checks in useNodeDraft.ts.
import { FormattedMessage, useIntl } from 'react-intl';
import { normaliseName } from '../../../../../runtime/workflows/constants';
import type { WorkflowNode } from '../../../../../schemas/workflow.schema';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { DialogButtons } from '../DialogButtons';
import { TextField } from './fields';
import { NodeFields } from './NodeFields';
import { useNodeDraft } from './useNodeDraft';

export interface NodeEditorProps {
  node: WorkflowNode;
  /** The whole graph (names of other nodes, the switch's connections). */
  nodes: readonly WorkflowNode[];
  /** The workflow's component (the component node's default target, the mocked record's fields). */
  componentUuid: string;
  /** Live environment: fields are shown read-only and nothing is changed. */
  readOnly: boolean;
  onChange(node: WorkflowNode): void;
  onClose(): void;
}

export function NodeEditor({ node, readOnly, onChange, onClose }: NodeEditorProps) {
  const intl = useIntl();
  const nodeDraft = useNodeDraft(node, onChange, onClose);
  const { draft, setDraft, tried, errors, shown, touch, save } = nodeDraft;
  return (
    <Dialog
      open
      wide
      title={<FormattedMessage id="workflow.editor.title" />}
      onClose={onClose}
      testId="node-editor"
      actions={
        <DialogButtons
          cancel={readOnly ? 'workflow.close' : 'workflow.cancel'}
          confirm={readOnly ? null : 'workflow.editor.done'}
          onCancel={onClose}
          onConfirm={save}
          cancelTestId="node-cancel"
          confirmTestId="node-save"
        />
      }
    >
      <div className="wf-editor">
        {draft.type !== 'each' ? (
          <TextField
            label={intl.formatMessage({ id: 'workflow.editor.name' })}
            value={draft.name}
            onChange={(v) => {
              touch('name');
              setDraft({ ...draft, name: normaliseName(v) });
            }}
            errors={shown('name')}
            readOnly={readOnly}
            testId="node-name"
          />
        ) : null}
        <NodeFields draft={nodeDraft} readOnly={readOnly} />
        {draft.type !== 'event' ? (
          <label className="field-check">
            <input type="checkbox" data-testid="node-parallel" checked={draft.parallel} disabled={readOnly} onChange={(e) => setDraft({ ...draft, parallel: e.target.checked })} />
            <FormattedMessage id="workflow.editor.parallel" />
          </label>
        ) : null}
        {tried && errors.length > 0 ? (
          <p className="form-error" role="alert" data-testid="node-invalid">
            <FormattedMessage id="someFieldsAreNotValid" />
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
