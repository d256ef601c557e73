// /admin/environment: the global variables of the current environment (docs/user-code.md
// "context.env"): a list, create and edit in a dialog, delete after a confirmation. A secret shows
// its mask only; the server never sends its value.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { VariableItem } from '../../../../runtime/api/environment';
import { variablesApi } from '../../../../runtime/client/environment';
import { environmentKeys, variablesQueryOptions } from '../../../../renderers/data/environment';
import { EmptyState } from '../../../../renderers/ui/EmptyState';
import { KeyRound } from '../../../../renderers/ui/icons';
import { environmentStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { showToast } from '../../../../renderers/ui/toast';
import { ConfirmDialog, LoadError, Loading, PageHeader, When, failureSummary } from '../iam/ui';
import { VariableDialog } from './VariableDialog';
import './environment.css';

type Editing = { variable: VariableItem | null } | null;

function ValueCell({ variable }: { variable: VariableItem }) {
  const intl = useIntl();
  if (variable.secret) {
    return (
      <span className="variable-mask" data-testid="variable-mask" aria-label={intl.formatMessage({ id: 'variables.masked' })}>
        {variable.mask}
      </span>
    );
  }
  if (variable.value === '') return <span className="muted"><FormattedMessage id="variables.emptyValue" /></span>;
  return <code className="variable-value" data-testid="variable-plain-value" title={variable.value ?? ''}>{variable.value}</code>;
}

export function EnvironmentPage() {
  const intl = useIntl();
  const env = useStore(environmentStore);
  const variables = useQuery(variablesQueryOptions(env));
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<VariableItem | null>(null);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (uuid: string) => variablesApi.remove(uuid),
    onSuccess: async () => {
      setDeleting(null);
      showToast('variables.deleted', 'success');
      await queryClient.invalidateQueries({ queryKey: environmentKeys.all });
    },
    onError: (error) => setDeleteFailure(failureSummary(error)),
  });
  const create = (
    <button type="button" className="button button-primary" data-testid="variable-create" onClick={() => setEditing({ variable: null })}>
      <FormattedMessage id="variables.create" />
    </button>
  );

  return (
    <div className="page">
      <PageHeader title={<FormattedMessage id="nav.environment" />}>{create}</PageHeader>
      <p className="muted" data-testid="variables-intro">
        <span className={`badge badge-${env === 'live' ? 'success' : 'info'}`} data-testid="variables-env">{intl.formatMessage({ id: `env.${env}` })}</span>{' '}
        <FormattedMessage id="variables.intro" values={{ env: intl.formatMessage({ id: `env.${env}` }) }} />
      </p>
      <p className="callout callout-info">
        <FormattedMessage id="variables.secretsNote" />
      </p>
      <section data-testid="variables-list">
        {variables.isPending ? (
          <Loading />
        ) : variables.isError ? (
          <LoadError error={variables.error} />
        ) : variables.data.length === 0 ? (
          <div className="card">
            <EmptyState testId="variables-empty" icon={<KeyRound />} title={<FormattedMessage id="variables.none" />} hint={<FormattedMessage id="variables.emptyHint" />} />
          </div>
        ) : (
          <div className="card table-card">
            <table className="table variables-table" aria-label={intl.formatMessage({ id: 'nav.environment' })}>
              <thead>
                <tr>
                  <th scope="col"><FormattedMessage id="variables.name" /></th>
                  <th scope="col"><FormattedMessage id="variables.value" /></th>
                  <th scope="col"><FormattedMessage id="variables.kind" /></th>
                  <th scope="col" className="variables-updated"><FormattedMessage id="variables.updated" /></th>
                  <th scope="col"><span className="visually-hidden"><FormattedMessage id="variables.actions" /></span></th>
                </tr>
              </thead>
              <tbody>
                {variables.data.map((variable) => (
                  <tr key={variable.uuid} data-testid="variable-row" data-name={variable.name}>
                    <td><code className="variable-name">{variable.name}</code></td>
                    <td className="variable-value-cell"><ValueCell variable={variable} /></td>
                    <td>
                      <span className={`badge badge-${variable.secret ? 'warning' : 'secondary'}`}>
                        <FormattedMessage id={variable.secret ? 'variables.secret' : 'variables.plain'} />
                      </span>
                    </td>
                    <td className="variables-updated"><When value={variable.updated_at} /></td>
                    <td className="actions-cell">
                      <span className="variables-actions">
                        <button type="button" className="button button-small" data-testid="variable-edit" aria-label={intl.formatMessage({ id: 'variables.editNamed' }, { name: variable.name })} onClick={() => setEditing({ variable })}>
                          <FormattedMessage id="common.edit" />
                        </button>
                        <button type="button" className="button button-small danger" data-testid="variable-delete" aria-label={intl.formatMessage({ id: 'variables.deleteNamed' }, { name: variable.name })} onClick={() => { setDeleteFailure(null); setDeleting(variable); }}>
                          <FormattedMessage id="variables.delete" />
                        </button>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {editing ? <VariableDialog variable={editing.variable} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={<FormattedMessage id="variables.deleteTitle" values={{ name: deleting?.name ?? '' }} />}
        confirmLabel={<FormattedMessage id="variables.delete" />}
        onConfirm={() => deleting && remove.mutate(deleting.uuid)}
        onClose={() => setDeleting(null)}
        pending={remove.isPending}
        failure={deleteFailure}
      >
        <p><FormattedMessage id="variables.deleteBody" values={{ name: deleting?.name ?? '' }} /></p>
      </ConfirmDialog>
    </div>
  );
}
