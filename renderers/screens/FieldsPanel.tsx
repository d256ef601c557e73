// Dev only: the floating settings button (medium screens and up) and a side panel listing the fields
// with a link to their settings.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ViewSchema } from '../../schemas/viewSchema.schema';
import { settingsPath } from '../ui/componentLabel';
import { useNavigation } from '../ui/navigation';
import { Settings, X } from '../ui/icons';

export function FieldsPanel({ view }: { view: ViewSchema }) {
  const intl = useIntl();
  const { Link } = useNavigation();
  const [open, setOpen] = useState(false);
  const settings = settingsPath(view.component.ref);
  return (
    <>
      <button
        type="button"
        className="button button-primary record-settings-fab"
        data-testid="record-settings-button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        title={intl.formatMessage({ id: 'records.fieldsPanel.open' })}
      >
        <Settings />
        <span className="visually-hidden">
          <FormattedMessage id="records.fieldsPanel.open" />
        </span>
      </button>
      {open ? (
        <aside className="record-side-panel" data-testid="record-fields-panel" aria-label={intl.formatMessage({ id: 'records.fieldsPanel.title' })}>
          <header className="row">
            <h2>
              <FormattedMessage id="records.fieldsPanel.title" />
            </h2>
            <button type="button" className="icon-button" onClick={() => setOpen(false)}>
              <X />
              <span className="visually-hidden">
                <FormattedMessage id="common.close" />
              </span>
            </button>
          </header>
          <ul className="plain-list">
            {view.fields.map((field) => (
              <li key={field.key}>
                <Link href={`${settings}#fields`} data-field={field.key}>
                  {field.label || field.key}
                </Link>{' '}
                <code className="muted">{field.renderer}</code>
              </li>
            ))}
          </ul>
          <Link className="button" href={`${settings}#general`}>
            <FormattedMessage id="cmp.list.settings" />
          </Link>
        </aside>
      ) : null}
    </>
  );
}
