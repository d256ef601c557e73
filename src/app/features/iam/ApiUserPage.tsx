// /admin/iam/api/:id: an API user's secrets (hint, created, last used, revoked), a new secret
// (its token shown once), revoking one; and the API user's status and roles.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { IAM_LIMITS, type ApiSecretCreated, type ApiSecretItem, type ApiUserItem } from '../../../../runtime/api/iam';
import { apiUserQueryOptions, iamKeys } from '../../../../renderers/data/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { showToast } from '../../../../renderers/ui/toast';
import { truncateTitle } from '../../../../renderers/ui/truncate';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListBody, ListEmpty } from '../../components/list/ListPage';
import { MemberForm } from './MemberForm';
import { SecretToken } from './SecretToken';
import { BackLink, PageHeader } from '../../components/PageHeader';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { failureSummary, FailureText } from '../../components/form/failure';
import { LoadError, Loading } from '../../components/LoadState';
import { RoleChips, StatusBadge } from './ui';
import { When } from '../../components/When';
import { KeyRound } from '../../../../renderers/ui/icons';

function secretColumns(hintLabel: (hint: string) => string): ListColumn<ApiSecretItem>[] {
  return [
    { id: 'token', header: 'iam.secret.token', cell: (secret) => <code aria-label={hintLabel(secret.hint)}>luma_…{secret.hint}</code> },
    { id: 'created', header: 'iam.secret.created', cell: (secret) => <When value={secret.created_at} /> },
    { id: 'lastUsed', header: 'iam.secret.lastUsed', cell: (secret) => <When value={secret.last_used_at} /> },
    {
      id: 'status',
      header: 'iam.status',
      cell: (secret) =>
        secret.revoked_at !== null ? (
          <span className="badge badge-secondary">
            <FormattedMessage id="iam.secret.revokedAt" values={{ when: <When value={secret.revoked_at} /> }} />
          </span>
        ) : (
          <span className="badge badge-success">
            <FormattedMessage id="iam.secret.active" />
          </span>
        ),
    },
  ];
}

/** Active secrets first, then revoked ones; an active one is revoked after a confirmation. */
function SecretList({ user, onRevoked }: { user: ApiUserItem; onRevoked: (secret: ApiSecretItem) => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<ApiSecretItem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (secretUuid: string) => iamApi.revokeSecret(user.uuid, secretUuid),
    onSuccess: (secret) => {
      setRevoking(null);
      onRevoked(secret);
      showToast('iam.secret.revoked', 'success');
      return queryClient.invalidateQueries({ queryKey: iamKeys.apiUser(user.uuid) });
    },
    onError: (error) => setFailure(failureSummary(error)),
  });
  const secrets = [...user.secrets].sort((x, y) => Number(x.revoked_at !== null) - Number(y.revoked_at !== null) || y.created_at.localeCompare(x.created_at));
  return (
    <>
      <div data-testid="api-secrets">
        <ListBody
          label="iam.apiUser.secrets"
          rows={secrets}
          columns={secretColumns((hint) => intl.formatMessage({ id: 'iam.secret.hintLabel' }, { hint }))}
          rowTestId="api-secret-row"
          rowAttributes={(secret) => ({ 'data-revoked': secret.revoked_at !== null })}
          rowActions={{
            cell: (secret) =>
              secret.revoked_at !== null ? null : (
                <button
                  type="button"
                  className="button button-small danger"
                  data-testid="api-secret-revoke"
                  aria-label={intl.formatMessage({ id: 'iam.secret.revokeFor' }, { hint: secret.hint })}
                  onClick={() => {
                    setFailure(null);
                    setRevoking(secret);
                  }}
                >
                  <FormattedMessage id="iam.secret.revoke" />
                </button>
              ),
          }}
          empty={<ListEmpty testId="api-secrets-empty" icon={<KeyRound />} title="iam.secret.none" />}
        />
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={<FormattedMessage id="iam.secret.revokeTitle" />}
        confirmLabel={<FormattedMessage id="iam.secret.revoke" />}
        pending={revoke.isPending}
        failure={failure}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.uuid)}
      >
        <p>
          <FormattedMessage id="iam.secret.revokeBody" values={{ hint: <code>…{revoking?.hint}</code> }} />
        </p>
      </ConfirmDialog>
    </>
  );
}

function Secrets({ user }: { user: ApiUserItem }) {
  const queryClient = useQueryClient();
  // The new token lives in this component only; the list (and the cache) never holds it.
  const [fresh, setFresh] = useState<ApiSecretCreated | null>(null);
  const [newFailure, setNewFailure] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => iamApi.createSecret(user.uuid),
    onSuccess: (secret) => {
      setFresh(secret);
      return queryClient.invalidateQueries({ queryKey: iamKeys.apiUser(user.uuid) });
    },
    onError: (error) => setNewFailure(failureSummary(error)),
  });

  return (
    <section className="stack" aria-labelledby="api-secrets-title">
      <div className="page-header page-header-row">
        <h2 id="api-secrets-title">
          <FormattedMessage id="iam.apiUser.secrets" />
        </h2>
        <button
          type="button"
          className="button button-primary"
          data-testid="api-secret-new"
          disabled={create.isPending}
          onClick={() => {
            setNewFailure(null);
            create.mutate();
          }}
        >
          <FormattedMessage id="iam.secret.new" />
        </button>
      </div>
      <FailureText message={newFailure} />
      {fresh ? (
        <div className="card stack">
          <SecretToken secret={fresh} />
          <div className="form-actions">
            <button type="button" className="button" data-testid="api-secret-done" onClick={() => setFresh(null)}>
              <FormattedMessage id="iam.secret.done" />
            </button>
          </div>
        </div>
      ) : null}
      <p className="muted">
        <FormattedMessage id="iam.secret.cleanup" values={{ days: IAM_LIMITS.revokedSecretDays }} />
      </p>
      <SecretList user={user} onRevoked={(secret) => (fresh?.uuid === secret.uuid ? setFresh(null) : undefined)} />
    </section>
  );
}

export function ApiUserPage() {
  const { id = '' } = useParams({ strict: false });
  const user = useQuery(apiUserQueryOptions(id));
  if (user.isPending) return <Loading />;
  if (user.isError) {
    return (
      <div className="page page-narrow">
        <LoadError error={user.error} />
        <BackLink href="/admin/iam" label="iam.backToMembers" />
      </div>
    );
  }
  const u = user.data;
  return (
    <div className="page" data-testid="api-user-page">
      <PageHeader title={<span title={u.name}>{truncateTitle(u.name)}</span>}>
        <BackLink href="/admin/iam" label="iam.backToMembers" />
      </PageHeader>
      <p className="chips">
        <span className="badge badge-neutral">
          <FormattedMessage id="iam.apiUser" />
        </span>
        <StatusBadge status={u.status} />
        <RoleChips roles={u.roles} />
      </p>
      {u.status === 'inactive' || u.status === 'banned' ? (
        <p className="callout callout-warning">
          <FormattedMessage id="iam.apiUser.stopped" />
        </p>
      ) : null}
      <Secrets user={u} />
      <section className="stack page-narrow" aria-labelledby="api-user-access">
        <h2 id="api-user-access">
          <FormattedMessage id="iam.apiUser.access" />
        </h2>
        <MemberForm key={u.uuid} member={u} />
      </section>
    </div>
  );
}
