// The connection editor: renames a connection leaving a switch (the only ones that can be renamed),
// its name checked by the same rule as on the server.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { normaliseName } from '../../../../../runtime/workflows/constants';
import { validateConnectionName } from '../../../../../runtime/workflows/rules';
import type { WorkflowConnection } from '../../../../../schemas/workflow.schema';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { DialogButtons } from '../DialogButtons';
import { errorsAt, TextField } from './fields';

export interface ConnectionEditorProps {
  connection: WorkflowConnection;
  readOnly: boolean;
  /** Called with the new name (spaces already turned into underscores), once it is valid. */
  onChange(name: string): void;
  onClose(): void;
}

/** Renames a connection leaving a switch (the only ones that can be renamed). */
export function ConnectionEditor({ connection, readOnly, onChange, onClose }: ConnectionEditorProps) {
  const intl = useIntl();
  const [name, setName] = useState(connection.name);
  const [tried, setTried] = useState(false);
  const errors = validateConnectionName(name);
  const save = () => {
    setTried(true);
    if (errors.length > 0) return;
    onChange(name);
    onClose();
  };
  return (
    <Dialog
      open
      title={<FormattedMessage id="workflow.connection.rename" />}
      onClose={onClose}
      testId="connection-editor"
      actions={<DialogButtons confirm={readOnly ? null : 'workflow.editor.done'} onCancel={onClose} onConfirm={save} confirmTestId="connection-save" />}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TextField label={intl.formatMessage({ id: 'workflow.connection.name' })} value={name} onChange={(v) => setName(normaliseName(v))} errors={tried ? errorsAt(errors, 'name') : []} readOnly={readOnly} testId="connection-name" />
      </form>
    </Dialog>
  );
}
