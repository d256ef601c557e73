// /admin/environment: the global variables of the current environment (docs/user-code.md
// "context.env"): a list, create and edit in a dialog, delete after a confirmation. A secret shows
// its mask only; the server never sends its value.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { VariableItem } from '../../../../runtime/api/environment';
import { variablesApi } from '../../../../runtime/client/environment';
import { environmentKeys, variablesQueryOptions } from '../../../../renderers/data/environment';
import { KeyRound } from '../../../../renderers/ui/icons';
import { environmentStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { showToast } from '../../../../renderers/ui/toast';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { When } from '../../components/When';
import { failureSummary } from '../../components/form/failure';
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

const COLUMNS: ListColumn<VariableItem>[] = [
  { id: 'name', header: 'variables.name', cell: (variable) => <code className="variable-name">{variable.name}</code> },
  { id: 'value', header: 'variables.value', cellClassName: 'variable-value-cell', cell: (variable) => <ValueCell variable={variable} /> },
  {
    id: 'kind',
    header: 'variables.kind',
    cell: (variable) => (
      <span className={`badge badge-${variable.secret ? 'warning' : 'secondary'}`}>
        <FormattedMessage id={variable.secret ? 'variables.secret' : 'variables.plain'} />
      </span>
    ),
  },
  { id: 'updated', header: 'variables.updated', className: 'variables-updated', cell: (variable) => <When value={variable.updated_at} /> },
];

function RowButtons({ variable, onEdit, onDelete }: { variable: VariableItem; onEdit: () => void; onDelete: () => void }) {
  const intl = useIntl();
  return (
    <>
      <button type="button" className="button button-small" data-testid="variable-edit" aria-label={intl.formatMessage({ id: 'variables.editNamed' }, { name: variable.name })} onClick={onEdit}>
        <FormattedMessage id="common.edit" />
      </button>
      <button type="button" className="button button-small danger" data-testid="variable-delete" aria-label={intl.formatMessage({ id: 'variables.deleteNamed' }, { name: variable.name })} onClick={onDelete}>
        <FormattedMessage id="variables.delete" />
      </button>
    </>
  );
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
  const askDelete = (variable: VariableItem) => {
    setDeleteFailure(null);
    setDeleting(variable);
  };
  const envName = intl.formatMessage({ id: `env.${env}` });

  return (
    <ListPage
      title="nav.environment"
      primary={{ onPress: () => setEditing({ variable: null }), label: 'variables.create', testId: 'variable-create' }}
      intro={
        <>
          <p className="muted" data-testid="variables-intro">
            <span className={`badge badge-${env === 'live' ? 'success' : 'info'}`} data-testid="variables-env">{envName}</span>{' '}
            <FormattedMessage id="variables.intro" values={{ env: envName }} />
          </p>
          <p className="callout callout-info">
            <FormattedMessage id="variables.secretsNote" />
          </p>
        </>
      }
      sectionTestId="variables-list"
      query={variables}
      columns={COLUMNS}
      rowTestId="variable-row"
      rowAttributes={(variable) => ({ 'data-name': variable.name })}
      tableClassName="variables-table"
      rowActions={{ header: 'variables.actions', cell: (variable) => <RowButtons variable={variable} onEdit={() => setEditing({ variable })} onDelete={() => askDelete(variable)} /> }}
      empty={{ testId: 'variables-empty', icon: <KeyRound />, title: 'variables.none', hint: 'variables.emptyHint' }}
    >
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
    </ListPage>
  );
}
