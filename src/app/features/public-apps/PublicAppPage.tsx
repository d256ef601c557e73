// /admin/public-app/:id: a public app's settings: label, hostnames (where it is served; stage. + one
// serves dev), the API user it runs as, portal or not; its versions (fork, deploy to dev or live after
// a confirmation, remove: the app calls); the page editor; the app's removal after a confirmation.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { PublicApp } from '../../../../runtime/api/public-apps';
import { appsApi } from '../../../../runtime/client/apps';
import { publicAppsApi } from '../../../../runtime/client/public-apps';
import { invalidatePublicApps, publicAppKeys, publicAppQueryOptions } from '../../../../renderers/data/public-apps';
import { AppLink } from '../../components/AppLink';
import { FormFooter } from '../../components/form/FormPage';
import { RemoveButton } from '../../components/form/RemoveButton';
import { TextField } from '../../components/form/TextField';
import { useFormPage } from '../../components/form/useFormPage';
import { BackLink, PageHeader } from '../../components/PageHeader';
import { LoadError, Loading } from '../../components/LoadState';
import { AppVersions } from '../apps/AppVersions';
import '../apps/apps.css';
import { ApiUserField, HostnamesField, hostnameList, publicAppEditorHref, servedUrl } from './parts';

interface Values {
  label: string;
  hostnames: string;
  api_user_uuid: string;
  portal: boolean;
}

const valuesOf = (app: PublicApp): Values => ({ label: app.label, hostnames: app.hostnames.join('\n'), api_user_uuid: app.api_user_uuid ?? '', portal: app.portal });

function Settings({ app }: { app: PublicApp }) {
  const queryClient = useQueryClient();
  const form = useFormPage({
    initial: () => valuesOf(app),
    resetKey: app.updated_at + app.hostnames.join(','),
    save: (v: Values) => publicAppsApi.update(app.uuid, { label: v.label.trim(), hostnames: hostnameList(v.hostnames), api_user_uuid: v.api_user_uuid || null, portal: v.portal }),
    toast: 'apps.saved',
    onSaved: () => invalidatePublicApps(queryClient),
  });
  return (
    <form className="card form" onSubmit={form.submit} noValidate data-testid="public-app-settings-form">
      <TextField label={<FormattedMessage id="apps.label" />} value={form.values.label} onValue={(v) => form.set('label', v)} testId="public-app-settings-label" errors={form.errors('label')} maxLength={100} />
      <HostnamesField testId="public-app-settings-hostnames" value={form.values.hostnames} onValue={(v) => form.set('hostnames', v)} errors={form.errors('hostnames')} />
      <ApiUserField testId="public-app-settings-api-user" value={form.values.api_user_uuid} onValue={(v) => form.set('api_user_uuid', v)} errors={form.errors('api_user_uuid')} />
      {form.values.api_user_uuid === '' ? (
        <p className="muted" data-testid="public-app-no-api-user">
          <FormattedMessage id="publicApps.noApiUserWarning" />
        </p>
      ) : null}
      <label className="checkbox">
        <input type="checkbox" data-testid="public-app-settings-portal" checked={form.values.portal} onChange={(e) => form.set('portal', e.target.checked)} /> <FormattedMessage id="publicApps.portal" />
      </label>
      <FormFooter form={form} idle="apps.save" testId="public-app-settings-save" />
    </form>
  );
}

/** Where the app is served now: each hostname (live) and its stage. (dev), as links. */
function ServedAt({ app }: { app: PublicApp }) {
  return (
    <section className="card stack" aria-labelledby="public-app-served-title" data-testid="public-app-served">
      <h2 id="public-app-served-title" className="card-title">
        <FormattedMessage id="publicApps.hostnames" />
      </h2>
      <ul className="app-pages">
        {app.hostnames.map((hostname) => (
          <li key={hostname} className="app-page-row public-app-host-row" data-testid="public-app-host" data-hostname={hostname}>
            <span className="grow public-app-hosts">{hostname}</span>
            <a className="button button-small" href={servedUrl(hostname)} target="_blank" rel="noreferrer">
              <FormattedMessage id="publicApps.open" />
            </a>
            <a className="button button-small button-ghost" href={servedUrl(`stage.${hostname}`)} target="_blank" rel="noreferrer">
              <FormattedMessage id="publicApps.openStage" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PublicAppPage() {
  const { id = '' } = useParams({ strict: false });
  const app = useQuery(publicAppQueryOptions(id));
  const back = <BackLink href="/admin/public-app" label="publicApps.title" />;
  if (app.isPending) return <div className="page"><Loading /></div>;
  if (app.isError) {
    return (
      <div className="page">
        <PageHeader title={<FormattedMessage id="publicApps.settings" />}>{back}</PageHeader>
        <LoadError error={app.error} />
      </div>
    );
  }
  const data = app.data;
  return (
    <div className="page stack" data-testid="public-app-page">
      <PageHeader title={<span data-testid="public-app-title">{data.label}</span>}>
        {back}
        <AppLink className="button" href={publicAppEditorHref(data.uuid)} data-testid="public-app-editor-link">
          <FormattedMessage id="apps.editor" />
        </AppLink>
        <RemoveButton
          label={<FormattedMessage id="apps.remove" />}
          testId="public-app-remove"
          remove={() => appsApi.remove(data.uuid)}
          toast="apps.removed"
          forget={(client) => {
            client.removeQueries({ queryKey: publicAppKeys.one(data.uuid) });
            return invalidatePublicApps(client);
          }}
          backTo="/admin/public-app"
        >
          <FormattedMessage id="publicApps.removeConfirm" />
        </RemoveButton>
      </PageHeader>
      <Settings app={data} />
      <ServedAt app={data} />
      <AppVersions app={data} />
    </div>
  );
}
