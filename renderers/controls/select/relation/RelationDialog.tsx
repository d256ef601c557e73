// The relation select's quick-create and quick-edit dialogs (spec section 2 "Relation select"): the
// related component's create or edit form in a modal, loaded on first use. It is portalled out of the
// outer form (no form inside a form) and its submit events stop here (React bubbles them through
// portals). Created, edited and removed are reported to the select, which closes the dialog.
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import type { RecordModel } from '../../../../runtime/client/records';
import { Dialog } from '../../../ui/Dialog';
import { CreateView } from '../../../screens/CreateView';
import { EditView } from '../../../screens/EditView';
import { useCreateController } from '../../../screens/useCreateController';
import { useEditController } from '../../../screens/useEditController';

export interface RelationDialogProps {
  foreign: string;
  mode: 'create' | 'edit';
  uuid: string | null;
  onClose: () => void;
  onCreated: (record: RecordModel) => void;
  onEdited: (record: RecordModel) => void;
  onRemoved: () => void;
}

function QuickCreate({ foreign, onCreated }: { foreign: string; onCreated: (record: RecordModel) => void }) {
  const ctl = useCreateController({ ref: foreign, entrypoint: 'default', onCreated });
  return <CreateView ctl={ctl} />;
}

function QuickEdit({ foreign, uuid, onEdited, onRemoved }: { foreign: string; uuid: string; onEdited: (record: RecordModel) => void; onRemoved: () => void }) {
  const ctl = useEditController({ ref: foreign, uuid, entrypoint: 'default', onSaved: onEdited, onDeleted: onRemoved });
  return <EditView ctl={ctl} compact />;
}

export default function RelationDialog({ foreign, mode, uuid, onClose, onCreated, onEdited, onRemoved }: RelationDialogProps) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: mode === 'create' ? 'selects.createTitle' : 'selects.editTitle' });
  const body = (
    <div
      className="relation-dialog-scope"
      onSubmit={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      onClick={(e) => e.stopPropagation()}
      onMouseDown={(e) => e.stopPropagation()}
    >
      <Dialog
        open
        wide
        title={title}
        onClose={onClose}
        testId="relation-dialog"
        actions={
          <button type="button" className="button" onClick={onClose}>
            {intl.formatMessage({ id: 'common.close' })}
          </button>
        }
      >
        {mode === 'create' || !uuid ? <QuickCreate foreign={foreign} onCreated={onCreated} /> : <QuickEdit foreign={foreign} uuid={uuid} onEdited={onEdited} onRemoved={onRemoved} />}
      </Dialog>
    </div>
  );
  return typeof document === 'undefined' ? body : createPortal(body, document.body);
}
