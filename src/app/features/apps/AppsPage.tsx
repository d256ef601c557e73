// /admin/app: the project's platform apps with the version each environment shows, and a new app's
// name and label (its page opens next to add pages).
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { APP_MESSAGE, APP_NAME_PATTERN, type App, type AppWithDefinition } from '../../../../runtime/api/apps';
import { appsApi } from '../../../../runtime/client/apps';
import { appKeys, appsQueryOptions, invalidateApps } from '../../../../renderers/data/apps';
import { LayoutGrid } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import { FormFooter, useSavedThen } from '../../components/form/FormPage';
import { TextField } from '../../components/form/TextField';
import { useFormPage, type FieldRules } from '../../components/form/useFormPage';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { AppVersionBadge, appHref } from './parts';

const COLUMNS: ListColumn<App>[] = [
  { id: 'name', header: 'apps.name', cell: (app) => <AppLink href={appHref(app.uuid)}>{app.name}</AppLink> },
  { id: 'label', header: 'apps.label', cell: (app) => app.label },
  { id: 'dev', header: 'apps.dev', cell: (app) => <AppVersionBadge version={app.dev_version} /> },
  { id: 'live', header: 'apps.live', cell: (app) => <AppVersionBadge version={app.public_version} tone="success" /> },
];

function CreateApp() {
  const onSaved = useSavedThen<AppWithDefinition>({ cache: (uuid) => appKeys.one(uuid, undefined), refresh: invalidateApps, next: (app) => appHref(app.uuid) });
  const form = useFormPage({
    initial: { name: '', label: '' },
    validate: (v): FieldRules => (APP_NAME_PATTERN.test(v.name.trim()) ? {} : { name: [APP_MESSAGE.nameRule] }),
    save: (v) => appsApi.create({ name: v.name.trim(), ...(v.label.trim() ? { label: v.label.trim() } : {}) }),
    onSaved,
    confirmLeave: false,
  });
  return (
    <form className="card form" onSubmit={form.submit} noValidate data-testid="app-create">
      <h2 className="card-title">
        <FormattedMessage id="apps.new" />
      </h2>
      <TextField
        label={<FormattedMessage id="apps.name" />}
        name="name"
        autoComplete="off"
        maxLength={64}
        testId="app-name"
        value={form.values.name}
        onValue={(v) => form.set('name', v)}
        errors={form.errors('name')}
        hint={<FormattedMessage id="appNameRule" />}
      />
      <TextField label={<FormattedMessage id="apps.label" />} name="label" autoComplete="off" maxLength={100} testId="app-label" value={form.values.label} onValue={(v) => form.set('label', v)} errors={form.errors('label')} />
      <FormFooter form={form} idle="apps.create" testId="app-create-save" />
    </form>
  );
}

export function AppsPage() {
  const apps = useQuery(appsQueryOptions());
  return (
    <ListPage
      title="apps.title"
      intro={
        <>
          <p className="muted">
            <FormattedMessage id="apps.intro" />
          </p>
          <CreateApp />
        </>
      }
      sectionTestId="app-list"
      query={apps}
      columns={COLUMNS}
      rowTestId="app-row"
      rowAttributes={(app) => ({ 'data-name': app.name })}
      empty={{ testId: 'app-empty', icon: <LayoutGrid />, title: 'apps.empty', hint: 'apps.intro' }}
    />
  );
}
