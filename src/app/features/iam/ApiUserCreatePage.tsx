// /admin/iam/create: an API user (name and roles) and its first secret, whose token shows once.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApiUserCreated } from '../../../../runtime/api/iam';
import { iamApi } from '../../../../runtime/client/iam';
import { iamKeys, invalidateMembers } from '../../../../renderers/data/iam';
import { AppLink } from '../../components/AppLink';
import { FormFooter, FormPage } from '../../components/form/FormPage';
import { useFormPage } from '../../components/form/useFormPage';
import { BackLink } from '../../components/PageHeader';
import { NameField, nameRules } from './NameField';
import { SecretToken, secretItem } from './SecretToken';
import { memberHref, RoleChecks } from './ui';

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
  // Held by this screen only (never in the query cache): leaving it forgets the token.
  const [created, setCreated] = useState<ApiUserCreated | null>(null);
  const form = useFormPage({
    initial: { name: '', role_uuids: [] as string[] },
    validate: (v) => nameRules(v.name),
    save: (v) => iamApi.createApiUser({ name: v.name.trim(), role_uuids: v.role_uuids }),
    onSaved: (result) => {
      setCreated(result);
      // The cached user must not carry the token: only the listed fields of each secret are kept.
      const { secret, user } = result;
      const secrets = (user.secrets.length > 0 ? user.secrets : [secret]).map(secretItem);
      queryClient.setQueryData(iamKeys.apiUser(user.uuid), { ...user, secrets });
      return invalidateMembers(queryClient);
    },
  });

  return (
    <FormPage title={<FormattedMessage id="iam.apiUser.create" />} back={{ href: '/admin/iam', label: 'iam.backToMembers' }}>
      {created ? (
        <Created created={created} />
      ) : (
        <form className="card form" onSubmit={form.submit} noValidate>
          <p className="muted">
            <FormattedMessage id="iam.apiUser.intro" />
          </p>
          <NameField testId="api-user-name" value={form.values.name} onValue={(name) => form.set('name', name)} errors={form.errors('name')} />
          <RoleChecks testId="api-user-role" selected={form.values.role_uuids} onChange={(uuids) => form.set('role_uuids', uuids)} errors={form.errors('role_uuids')} />
          <FormFooter form={form} idle="iam.apiUser.save" busy="iam.saving" testId="api-user-save" />
        </form>
      )}
    </FormPage>
  );
}
