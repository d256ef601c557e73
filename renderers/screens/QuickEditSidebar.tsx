// The list's quick edit: a 500px right sidebar with the record's edit form (spec sections 2 and 9).
import { useIntl } from 'react-intl';
import type { RendererEntry } from '../registry/types';
import { EditView } from './EditView';
import { useEditController } from './useEditController';
import { X } from '../ui/icons';

export interface QuickEditSidebarProps {
  componentRef: string;
  uuid: string;
  onClose: () => void;
  entries?: readonly RendererEntry[];
}

export function QuickEditSidebar({ componentRef, uuid, onClose, entries }: QuickEditSidebarProps) {
  const intl = useIntl();
  const ctl = useEditController({ ref: componentRef, uuid, entries, entrypoint: 'default', onDeleted: onClose });
  return (
    <aside className="quick-edit-sidebar" data-testid="quick-edit" aria-label={intl.formatMessage({ id: 'records.quickEdit' })}>
      <header className="row">
        <h2>{intl.formatMessage({ id: 'records.quickEdit' })}</h2>
        <button type="button" className="icon-button" onClick={onClose}>
          <X />
          <span className="visually-hidden">{intl.formatMessage({ id: 'common.close' })}</span>
        </button>
      </header>
      <EditView ctl={ctl} compact />
    </aside>
  );
}
