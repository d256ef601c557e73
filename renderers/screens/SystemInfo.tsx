// The System info tab: who created and last updated the record, and when.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { projectUsersQueryOptions } from '../data/records';
import { type RecordModel } from '../../runtime/client/records';

export function SystemInfo({ record }: { record: RecordModel }) {
  const intl = useIntl();
  const users = useQuery(projectUsersQueryOptions());
  const who = (uuid: string | null) => {
    if (!uuid) return '—';
    const user = users.data?.find((u) => u.user_uuid === uuid);
    return user ? `${user.name} <${user.email}>` : uuid;
  };
  const when = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'medium' }) : '—');
  const rows: [string, string][] = [
    ['records.system.createdBy', who(record.created_by)],
    ['records.system.createdAt', when(record.created_at)],
    ['records.system.updatedBy', who(record.updated_by)],
    ['records.system.updatedAt', when(record.updated_at)],
  ];
  return (
    <dl className="details system-info" data-testid="record-system-info">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>
            <FormattedMessage id={label} />
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div>
        <dt>UUID</dt>
        <dd>
          <code>{record.uuid}</code>
        </dd>
      </div>
    </dl>
  );
}
