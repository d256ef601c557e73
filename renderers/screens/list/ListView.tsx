// The list screen's view: header links and actions, presets, filters, bulk actions, the table, paging,
// the load-failure dialog, quick edit, and the import wizard the caller provides.
import type { MouseEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { useMessage } from '../../ui/Message';
import { ComponentView, RecordSkeleton } from '../ComponentView';
import { QuickEditSidebar } from '../QuickEditSidebar';
import { ScreenError } from '../ScreenError';
import type { ListController } from '../useListController';
import { BulkBar } from './BulkBar';
import { ListPager } from './ListPager';
import { ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { PresetBar } from './PresetBar';
import '../records.css';
import './list.css';

export interface ListViewProps {
  ctl: ListController;
  title?: string;
  /** The route's path ("/admin/component/orders"): links are relative to it. */
  basePath: string;
  /** Client-side navigation to a path of the app. */
  navigate: (href: string) => void;
  locale: string;
  /** The import wizard, mounted while ctl.importOpen. */
  importWizard?: ReactNode;
}

function Link({ href, navigate, children, ...rest }: { href: string; navigate: (href: string) => void; children: ReactNode; className?: string; 'data-testid'?: string }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}

function Header({ ctl, title, basePath, navigate }: ListViewProps) {
  const intl = useIntl();
  const { may, component } = ctl;
  return (
    <header className="page-header list-header">
      <h1>{title ?? ctl.view?.component.label}</h1>
      <div className="row list-actions">
        {may.settings && component ? (
          <>
            <Link className="button button-small" href={`${basePath}/settings`} navigate={navigate} data-testid="list-settings">
              <FormattedMessage id="cmp.list.settings" />
            </Link>
            <Link className="button button-small" href={`${basePath}/settings#workflow`} navigate={navigate} data-testid="list-settings-workflow">
              <FormattedMessage id="records.list.workflow" />
            </Link>
            <Link className="button button-small" href={`${basePath}/settings#list`} navigate={navigate} data-testid="list-settings-list">
              <FormattedMessage id="records.list.listSettings" />
            </Link>
            <a
              className="button button-small"
              href={`/component/editor/${encodeURIComponent(component.uuid)}?v=${encodeURIComponent(component.settings.version)}`}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="list-editor"
            >
              <FormattedMessage id="records.list.editor" />
              <span className="visually-hidden"> ({intl.formatMessage({ id: 'common.openInNewTab' })})</span>
            </a>
          </>
        ) : null}
        <button type="button" className="button button-small" data-testid="export-page" onClick={ctl.exportPage} disabled={ctl.items.length === 0}>
          <FormattedMessage id="records.list.exportPage" />
        </button>
        <button type="button" className="button button-small" data-testid="export-csv" onClick={() => void ctl.exportAll('csv')}>
          <FormattedMessage id="records.list.exportCsv" />
        </button>
        <button type="button" className="button button-small" data-testid="export-json" onClick={() => void ctl.exportAll('json')}>
          <FormattedMessage id="records.list.exportJson" />
        </button>
        {may.create ? (
          <>
            <button type="button" className="button button-small" data-testid="list-import" onClick={ctl.openImport}>
              <FormattedMessage id="records.list.import" />
            </button>
            <Link className="button button-primary button-small" href={`${basePath}/create`} navigate={navigate} data-testid="list-create">
              <FormattedMessage id="records.list.create" />
            </Link>
          </>
        ) : null}
      </div>
    </header>
  );
}

export function ListView(props: ListViewProps) {
  const { ctl, basePath, navigate, locale, importWizard } = props;
  const intl = useIntl();
  const message = useMessage();
  if (ctl.status === 'error') return <ScreenError error={ctl.error} />;
  if (ctl.status === 'denied') {
    return (
      <section className="record-screen" data-testid="list-denied">
        <EmptyState icon="🔒" title={<FormattedMessage id="noPermissionsToRead" />} />
      </section>
    );
  }
  if (ctl.status === 'loading' || !ctl.view) return <RecordSkeleton />;
  if (ctl.entrypoint && ctl.component) return <ComponentView componentId={ctl.component.uuid} entrypoint={ctl.entrypoint} />;
  const empty = ctl.items.length === 0 && !ctl.loading;
  return (
    <section className="record-screen list-screen" data-testid="record-list-screen">
      <Header {...props} />
      <PresetBar ctl={ctl} />
      <ListToolbar ctl={ctl} />
      <BulkBar ctl={ctl} />
      <ListTable ctl={ctl} locale={locale} onOpen={(uuid) => navigate(`${basePath}/edit/${uuid}`)} editHref={(uuid) => `${basePath}/edit/${uuid}`} />
      {ctl.loading && ctl.items.length === 0 ? <RecordSkeleton /> : null}
      {empty ? (
        <div data-testid="list-empty">
          <EmptyState
            title={<FormattedMessage id="records.list.empty" />}
            hint={
              ctl.may.create ? (
                <Link className="button button-primary" href={`${basePath}/create`} navigate={navigate} data-testid="list-empty-create">
                  <FormattedMessage id="records.list.createFirst" />
                </Link>
              ) : undefined
            }
          />
        </div>
      ) : null}
      <ListPager ctl={ctl} />
      <Dialog
        open={ctl.errorDialog !== null}
        title={intl.formatMessage({ id: 'records.list.loadFailed' })}
        onClose={ctl.closeErrorDialog}
        testId="list-error"
        actions={
          <button type="button" className="button button-primary" onClick={ctl.closeErrorDialog}>
            <FormattedMessage id="common.close" />
          </button>
        }
      >
        <p>{ctl.errorDialog ? message(ctl.errorDialog) : null}</p>
      </Dialog>
      {ctl.quickEdit ? <QuickEditSidebar key={ctl.quickEdit} componentRef={ctl.ref} uuid={ctl.quickEdit} onClose={ctl.closeQuickEdit} /> : null}
      {ctl.importOpen ? importWizard : null}
    </section>
  );
}
