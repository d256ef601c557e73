// An external select's source in the field dialog (docs/ratchet.md "The external select"): an
// expression run in the browser (custom_data), or a ratchet connection's read-only statement kept in
// the field's settings (constraints.ratchet: connection, sql, value and label columns). Choosing one
// clears the other, so a field never carries both. The connections are listed for admins only: anyone
// else sees that only an admin sets a database source (the server refuses their change with 403).
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RatchetSelectSource } from '../../../../../../runtime/api/ratchet-select';
import { CodeEditor } from '../../../../components/code/CodeEditor';
import { connectionsQueryOptions } from '../../../ratchet/data';
import { FieldErrors, SelectInput, TextInput } from '../controls';
import type { FieldPartProps } from './FieldDialog';

const EMPTY: RatchetSelectSource = { connection: '', sql: '', value: '' };

export function ExternalSourceEditor({ draft, change, errors }: FieldPartProps) {
  const intl = useIntl();
  const group = useId();
  const constraints = draft.constraints ?? {};
  const stored = (constraints as { ratchet?: unknown }).ratchet;
  const ratchet = stored && typeof stored === 'object' ? (stored as RatchetSelectSource) : null;
  const connections = useQuery({ ...connectionsQueryOptions(), enabled: ratchet !== null });
  const at = 'constraints.ratchet';
  const setSource = (next: RatchetSelectSource | null) => {
    const { ratchet: _dropped, ...rest } = constraints as Record<string, unknown>;
    change({ constraints: next ? { ...rest, ratchet: next, custom_data: null } : rest });
  };
  const set = (patch: Partial<RatchetSelectSource>) => setSource({ ...(ratchet ?? EMPTY), ...patch });

  return (
    <>
      <fieldset className="field" data-testid="external-source">
        <legend className="field-label">
          <FormattedMessage id="ratchet.select.source" />
        </legend>
        <div className="row">
          <label className="field-check">
            <input type="radio" name={group} checked={ratchet === null} onChange={() => setSource(null)} data-testid="external-source-expression" />
            <FormattedMessage id="ratchet.select.sourceExpression" />
          </label>
          <label className="field-check">
            <input type="radio" name={group} checked={ratchet !== null} onChange={() => setSource({ ...EMPTY })} data-testid="external-source-ratchet" />
            <FormattedMessage id="ratchet.select.sourceRatchet" />
          </label>
        </div>
      </fieldset>
      {ratchet ? (
        <div data-testid="ratchet-source">
          {connections.isError ? (
            <p className="muted" role="status">
              <FormattedMessage id="ratchet.select.adminsOnly" />
            </p>
          ) : null}
          <SelectInput
            label={intl.formatMessage({ id: 'ratchet.select.connection' })}
            name="ratchet-connection"
            value={ratchet.connection}
            placeholder={intl.formatMessage({ id: connections.data?.length === 0 ? 'ratchet.select.noConnections' : 'ratchet.select.chooseConnection' })}
            options={(connections.data ?? []).map((connection) => ({ value: connection.uuid, label: connection.name }))}
            errors={errors[`${at}.connection`]}
            onChange={(connection) => set({ connection })}
          />
          <CodeEditor language="sql" label={intl.formatMessage({ id: 'ratchet.select.sql' })} value={ratchet.sql} height={120} testId="ratchet-select-sql" onChange={(sql) => set({ sql })} />
          <small className="muted">
            <FormattedMessage id="ratchet.select.sqlHelp" values={{ search: ':search' }} />
          </small>
          <FieldErrors messages={errors[`${at}.sql`]} />
          <div className="row">
            <TextInput label={intl.formatMessage({ id: 'ratchet.select.value' })} name="ratchet-value" testId="ratchet-select-value" value={ratchet.value} errors={errors[`${at}.value`]} onChange={(value) => set({ value })} />
            <TextInput
              label={intl.formatMessage({ id: 'ratchet.select.label' })}
              name="ratchet-label"
              testId="ratchet-select-label"
              value={ratchet.label ?? ''}
              placeholder={ratchet.value}
              errors={errors[`${at}.label`]}
              onChange={(label) => {
                const { label: _old, ...rest } = ratchet;
                setSource(label === '' ? rest : { ...rest, label });
              }}
            />
          </div>
          <FieldErrors messages={errors[at]} />
        </div>
      ) : null}
    </>
  );
}
