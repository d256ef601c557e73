// /admin/iam/create: an API user (name and roles) and its first secret, whose token shows once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { IAM_LIMITS, type ApiUserCreate, type ApiUserCreated } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys, invalidateMembers } from '../../../../renderers/data/iam';
import { AppLink } from '../../components/AppLink';
import { FieldErrors } from '../../components/FieldErrors';
import { SecretToken, secretItem } from './SecretToken';
import { BackLink, FailureText, failureOf, fieldMessages, memberHref, NO_FAILURE, PageHeader, RoleChecks, type Failure } from './ui';

function Created({ created }: { created: ApiUserCreated }) {
  return (
    <section className="card stack" data-testid="api-user-created">
      <p>
        <FormattedMessage id="iam.apiUser.created" values={{ name: <strong>{created.user.name}</strong> }} />
      </p>
      <SecretToken secret={created.secret} />
      <div className="form-actions">
        <BackLink href="/admin/iam" label="iam.backToMembers" />
        <AppLink className="button button-primary" href={memberHref(created.user)} data-testid="api-user-open">
          <FormattedMessage id="iam.apiUser.open" />
        </AppLink>
      </div>
    </section>
  );
}

export function ApiUserCreatePage() {
  const queryClient = useQueryClient();
  const nameId = useId();
  const [name, setName] = useState('');
  const [roleUuids, setRoleUuids] = useState<string[]>([]);
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  // Held by this screen only (never in the query cache): leaving it forgets the token.
  const [created, setCreated] = useState<ApiUserCreated | null>(null);
  const create = useMutation({
    mutationFn: (body: ApiUserCreate) => iamApi.createApiUser(body),
    onSuccess: (result) => {
      setCreated(result);
      // The cached user must not carry the token: only the listed fields of each secret are kept.
      const { secret, user } = result;
      const secrets = (user.secrets.length > 0 ? user.secrets : [secret]).map(secretItem);
      queryClient.setQueryData(iamKeys.apiUser(user.uuid), { ...user, secrets });
      return invalidateMembers(queryClient);
    },
    onError: (error) => setFailure(failureOf(error)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (Array.from(trimmed).length < IAM_LIMITS.nameMin) {
      setFailure({ message: null, fields: { name: ['cantBeLessThenChars'] } });
      return;
    }
    setFailure(NO_FAILURE);
    create.mutate({ name: trimmed, role_uuids: roleUuids });
  };

  return (
    <div className="page page-narrow">
      <PageHeader title={<FormattedMessage id="iam.apiUser.create" />}>
        <BackLink href="/admin/iam" label="iam.backToMembers" />
      </PageHeader>
      {created ? (
        <Created created={created} />
      ) : (
        <form className="card form" onSubmit={submit} noValidate>
          <p className="muted">
            <FormattedMessage id="iam.apiUser.intro" />
          </p>
          <div className="field">
            <label className="field-label" htmlFor={nameId}>
              <FormattedMessage id="iam.name" />
            </label>
            <input
              id={nameId}
              name="name"
              autoComplete="off"
              required
              maxLength={IAM_LIMITS.nameMax}
              data-testid="api-user-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <FieldErrors messages={fieldMessages(failure.fields, 'name')} values={{ min: IAM_LIMITS.nameMin }} />
          </div>
          <RoleChecks testId="api-user-role" selected={roleUuids} onChange={setRoleUuids} errors={fieldMessages(failure.fields, 'role_uuids')} />
          <FailureText message={failure.message} />
          <div className="form-actions">
            <button type="submit" className="button button-primary" data-testid="api-user-save" disabled={create.isPending}>
              <FormattedMessage id={create.isPending ? 'iam.saving' : 'iam.apiUser.save'} />
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
