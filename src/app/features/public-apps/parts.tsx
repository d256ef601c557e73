// Pieces the public app screens share (docs/public-apps.md): links, the hostnames box, the API user
// picker.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FieldErrors } from '../../components/FieldErrors';
import { apiUsersQueryOptions } from '../functions/data';

export const publicAppHref = (uuid: string) => `/admin/public-app/${encodeURIComponent(uuid)}`;
export const publicAppEditorHref = (uuid: string) => `/public-app/editor/${encodeURIComponent(uuid)}`;

/** The hostnames as typed (one a line) to the list the call takes. */
export const hostnameList = (text: string) => text.split(/[\s,]+/).map((line) => line.trim()).filter((line) => line !== '');

/** Where a hostname is served: the page's own protocol and port (a local run answers on its port). */
export function servedUrl(hostname: string): string {
  const { protocol, port } = window.location;
  return `${protocol}//${hostname}${port ? `:${port}` : ''}/`;
}

export function HostnamesField({ value, onValue, errors, testId }: { value: string; onValue: (value: string) => void; errors?: string[]; testId: string }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        <FormattedMessage id="publicApps.hostnames" />
      </label>
      <textarea id={id} rows={3} spellCheck={false} autoCapitalize="off" data-testid={testId} value={value} onChange={(e) => onValue(e.target.value)} aria-describedby={`${id}-hint`} aria-invalid={errors ? true : undefined} />
      <small className="muted" id={`${id}-hint`}>
        <FormattedMessage id="publicApps.hostnamesHint" />
      </small>
      <FieldErrors messages={errors} />
    </div>
  );
}

export function ApiUserField({ value, onValue, errors, testId }: { value: string; onValue: (value: string) => void; errors?: string[]; testId: string }) {
  const intl = useIntl();
  const id = useId();
  const apiUsers = useQuery(apiUsersQueryOptions());
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        <FormattedMessage id="publicApps.apiUser" />
      </label>
      <select id={id} data-testid={testId} value={value} onChange={(e) => onValue(e.target.value)}>
        <option value="">{intl.formatMessage({ id: 'publicApps.noApiUser' })}</option>
        {(apiUsers.data ?? []).map((user) => (
          <option key={user.uuid} value={user.uuid}>
            {user.name}
          </option>
        ))}
      </select>
      <FieldErrors messages={errors} />
    </div>
  );
}
