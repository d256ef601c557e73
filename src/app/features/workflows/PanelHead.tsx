// The head of the dry-run sidebar and the results drawer: the title and, where the panel can be
// closed, its close button.
import { FormattedMessage, useIntl } from 'react-intl';
import { X } from '../../../../renderers/ui/icons';

export function PanelHead({ title, onClose }: { title: string; onClose?: () => void }) {
  const intl = useIntl();
  return (
    <div className="wf-sidebar-head">
      <h2>
        <FormattedMessage id={title} />
      </h2>
      {onClose ? (
        <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'workflow.close' })} onClick={onClose}>
          <X aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
