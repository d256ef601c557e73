// /admin/public-app: the project's public apps with their hostnames and the version each environment
// serves, and a new one (name, label, hostnames, API user): its settings open next.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { APP_MESSAGE, APP_NAME_PATTERN } from '../../../../runtime/api/apps';
import { PUBLIC_APP_MESSAGE, type PublicApp } from '../../../../runtime/api/public-apps';
import { publicAppsApi } from '../../../../runtime/client/public-apps';
import { invalidatePublicApps, publicAppKeys, publicAppsQueryOptions } from '../../../../renderers/data/public-apps';
import { AppWindow } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import { FormFooter, useSavedThen } from '../../components/form/FormPage';
import { TextField } from '../../components/form/TextField';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { AppVersionBadge } from '../apps/parts';
import { ApiUserField, HostnamesField, hostnameList, publicAppHref } from './parts';

const COLUMNS: ListColumn<PublicApp>[] = [
  { id: 'name', header: 'apps.name', cell: (app) => <AppLink href={publicAppHref(app.uuid)}>{app.name}</AppLink> },
  { id: 'hostnames', header: 'publicApps.hostnames', cell: (app) => <span className="public-app-hosts">{app.hostnames.join(', ')}</span> },
  { id: 'dev', header: 'apps.dev', cell: (app) => <AppVersionBadge version={app.dev_version} /> },
  { id: 'live', header: 'apps.live', cell: (app) => <AppVersionBadge version={app.public_version} tone="success" /> },
];

function CreatePublicApp() {
  const onSaved = useSavedThen<PublicApp>({ cache: (uuid) => publicAppKeys.one(uuid), refresh: invalidatePublicApps, next: (app) => publicAppHref(app.uuid) });
  const form = useFormPage({
    initial: { name: '', label: '', hostnames: '', api_user_uuid: '' },
    validate: (v): FieldRules => ({
      ...(APP_NAME_PATTERN.test(v.name.trim()) ? {} : { name: [APP_MESSAGE.nameRule] }),
      ...(hostnameList(v.hostnames).length > 0 ? {} : { hostnames: [PUBLIC_APP_MESSAGE.hostnameRequired] }),
    }),
    save: (v) =>
      publicAppsApi.create({
        name: v.name.trim(),
        ...(v.label.trim() ? { label: v.label.trim() } : {}),
        hostnames: hostnameList(v.hostnames),
        api_user_uuid: v.api_user_uuid || null,
      }),
    onSaved,
    confirmLeave: false,
  });
  return (
    <form className="card form" onSubmit={form.submit} noValidate data-testid="public-app-create">
      <h2 className="card-title">
        <FormattedMessage id="publicApps.new" />
      </h2>
      <TextField label={<FormattedMessage id="apps.name" />} name="name" autoComplete="off" maxLength={64} testId="public-app-name" value={form.values.name} onValue={(v) => form.set('name', v)} errors={form.errors('name')} hint={<FormattedMessage id="appNameRule" />} />
      <TextField label={<FormattedMessage id="apps.label" />} name="label" autoComplete="off" maxLength={100} testId="public-app-label" value={form.values.label} onValue={(v) => form.set('label', v)} errors={form.errors('label')} />
      <HostnamesField testId="public-app-hostnames" value={form.values.hostnames} onValue={(v) => form.set('hostnames', v)} errors={form.errors('hostnames')} />
      <ApiUserField testId="public-app-api-user" value={form.values.api_user_uuid} onValue={(v) => form.set('api_user_uuid', v)} errors={form.errors('api_user_uuid')} />
      <FormFooter form={form} idle="apps.create" testId="public-app-create-save" />
    </form>
  );
}

export function PublicAppsPage() {
  const apps = useQuery(publicAppsQueryOptions());
  return (
    <ListPage
      title="publicApps.title"
      intro={
        <>
          <p className="muted">
            <FormattedMessage id="publicApps.intro" />
          </p>
          <CreatePublicApp />
        </>
      }
      sectionTestId="public-app-list"
      query={apps}
      columns={COLUMNS}
      rowTestId="public-app-row"
      rowAttributes={(app) => ({ 'data-name': app.name })}
      empty={{ testId: 'public-app-empty', icon: <AppWindow />, title: 'publicApps.empty', hint: 'publicApps.intro' }}
    />
  );
}
