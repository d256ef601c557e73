// /admin/app/settings/:id: an app's name, label, icon and required onboarding; its versions with fork,
// deploy to dev or live and remove; and the app's removal.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { App } from '../../../../runtime/api/apps';
import { appsApi } from '../../../../runtime/client/apps';
import { appKeys, appQueryOptions, invalidateApps } from '../../../../renderers/data/apps';
import { FormFooter } from '../../components/form/FormPage';
import { RemoveButton } from '../../components/form/RemoveButton';
import { TextField } from '../../components/form/TextField';
import { WorkspacesPicker } from '../../components/form/WorkspacesPicker';
import { useFormPage } from '../../components/form/useFormPage';
import { BackLink, PageHeader } from '../../components/PageHeader';
import { LoadError, Loading } from '../../components/LoadState';
import { AppVersions } from './AppVersions';
import { appHref } from './parts';

interface Values {
  name: string;
  label: string;
  icon: string;
  onboarding_required: boolean;
  workspaces: string[];
}

const valuesOf = (app: App): Values => ({ name: app.name, label: app.label, icon: app.icon ?? '', onboarding_required: app.onboarding.required, workspaces: app.workspaces.map((workspace) => workspace.uuid) });

function General({ app }: { app: App }) {
  const queryClient = useQueryClient();
  const form = useFormPage({
    initial: () => valuesOf(app),
    resetKey: app.updated_at,
    save: (v: Values) => appsApi.update(app.uuid, { name: v.name.trim(), label: v.label.trim(), icon: v.icon.trim() || null, onboarding_required: v.onboarding_required, workspaces: v.workspaces }),
    toast: 'apps.saved',
    onSaved: () => invalidateApps(queryClient),
  });
  return (
    <form className="card form" onSubmit={form.submit} noValidate data-testid="app-settings-form">
      <TextField label={<FormattedMessage id="apps.name" />} value={form.values.name} onValue={(v) => form.set('name', v)} testId="app-settings-name" errors={form.errors('name')} maxLength={64} />
      <TextField label={<FormattedMessage id="apps.label" />} value={form.values.label} onValue={(v) => form.set('label', v)} testId="app-settings-label" errors={form.errors('label')} maxLength={100} />
      <TextField label={<FormattedMessage id="apps.icon" />} value={form.values.icon} onValue={(v) => form.set('icon', v)} testId="app-settings-icon" errors={form.errors('icon')} maxLength={64} hint={<FormattedMessage id="apps.iconHint" />} />
      <label className="checkbox">
        <input type="checkbox" data-testid="app-settings-onboarding" checked={form.values.onboarding_required} onChange={(e) => form.set('onboarding_required', e.target.checked)} />{' '}
        <FormattedMessage id="apps.onboardingRequired" />
      </label>
      <WorkspacesPicker
        testId="app-settings-workspaces"
        chosen={new Set(form.values.workspaces)}
        onToggle={(ws, checked) => form.set('workspaces', checked ? [...form.values.workspaces, ws.uuid] : form.values.workspaces.filter((uuid) => uuid !== ws.uuid))}
      />
      {app.onboarding.required ? (
        <p className="muted" data-testid="app-settings-onboarding-state">
          <FormattedMessage id={app.onboarding.finished ? 'apps.onboardingFinished' : 'apps.onboardingText'} />
        </p>
      ) : null}
      <FormFooter form={form} idle="apps.save" testId="app-settings-save" />
    </form>
  );
}

export function AppSettingsPage() {
  const { id = '' } = useParams({ strict: false });
  const app = useQuery(appQueryOptions(id));
  if (app.isPending) return <div className="page"><Loading /></div>;
  const back = <BackLink href={app.isSuccess ? appHref(app.data.uuid) : '/admin/app'} label={app.isSuccess ? 'apps.pages' : 'apps.title'} />;
  if (app.isError) {
    return (
      <div className="page">
        <PageHeader title={<FormattedMessage id="apps.settings" />}>{back}</PageHeader>
        <LoadError error={app.error} />
      </div>
    );
  }
  const data = app.data;
  return (
    <div className="page stack" data-testid="app-settings-page">
      <PageHeader title={<span data-testid="app-settings-title">{data.label}</span>}>
        {back}
        <RemoveButton
          label={<FormattedMessage id="apps.remove" />}
          testId="app-remove"
          remove={() => appsApi.remove(data.uuid)}
          toast="apps.removed"
          forget={(client) => {
            client.removeQueries({ queryKey: appKeys.one(data.uuid, undefined) });
            return invalidateApps(client);
          }}
          backTo="/admin/app"
        >
          <FormattedMessage id="apps.removeConfirm" />
        </RemoveButton>
      </PageHeader>
      <General app={data} />
      <AppVersions app={data} />
    </div>
  );
}
