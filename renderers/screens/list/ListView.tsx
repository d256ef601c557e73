// The list screen's view: header links and actions, presets, filters, bulk actions, the table (cards on
// a phone), the two empty states (no records yet; nothing matches), paging, the load-failure dialog,
// quick edit, and the import wizard the caller provides.
import { Inbox, Plus, SearchX, Upload } from '../../ui/icons';
import { lazy, Suspense, useRef, type ComponentType, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NoticeDialog } from '../../ui/NoticeDialog';
import { useNavigation } from '../../ui/navigation';
import { EmptyState } from '../../ui/EmptyState';
import { useMessage } from '../../ui/Message';
import { ComponentView, RecordSkeleton } from '../ComponentView';
import type { QuickEditSidebarProps } from '../QuickEditSidebar';
import { ScreenError } from '../ScreenError';
import type { ListController } from '../useListController';
import { BulkBar } from './BulkBar';
import { RecordActionButtons } from '../actions/RecordActionButtons';
import { ListHeader } from './ListHeader';
import { ListPager } from './ListPager';
import { ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { LiveBanner } from './LiveBanner';
import { PHONE_QUERY, useMediaQuery } from './useMediaQuery';
import { PresetBar } from './PresetBar';
import '../records.css';
import './list.css';

// Quick edit draws a form, so it brings every control: its own chunk, loaded when a row is opened, keeps
// the list page light (docs/benchmarks.md, the 250 KB budget).
// The cards are for phones only: their own chunk too.
const ListCards = lazy(() => import('./ListCards').then((m) => ({ default: m.ListCards })));
const LazyQuickEditSidebar = lazy(() => import('../QuickEditSidebar').then((m) => ({ default: m.QuickEditSidebar })));

export interface ListViewProps {
  ctl: ListController;
  title?: string;
  /** The route's path ("/admin/component/orders"): links are relative to it. */
  basePath: string;
  /** Client-side navigation to a path of the app. */
  navigate: (href: string) => void;
  locale: string;
  /** The user's time zone (record timestamps and date-times); the browser's when not given. */
  timeZone?: string;
  /** The import wizard, mounted while ctl.importOpen. */
  importWizard?: ReactNode;
  /** The quick-edit sidebar; by default the built-in one, loaded when a row is opened. */
  quickEdit?: ComponentType<QuickEditSidebarProps>;
}

/** "No records yet" (create or import the first) differs from "No records match" (clear the search). */
function ListEmpty({ ctl, basePath }: { ctl: ListController; basePath: string }) {
  const { Link } = useNavigation();
  if (ctl.filtered) {
    return (
      <div className="list-empty" data-testid="list-empty" data-empty="no-match">
        <SearchX aria-hidden="true" className="list-empty-icon" />
        <p className="empty-title">
          <FormattedMessage id="records.list.empty" />
        </p>
        <p className="muted">
          <FormattedMessage id="records.list.emptyHint" />
        </p>
        <button type="button" className="button" data-testid="list-clear-filters" onClick={ctl.clearFilters}>
          <FormattedMessage id="records.list.clearFilters" />
        </button>
      </div>
    );
  }
  return (
    <div className="list-empty" data-testid="list-empty" data-empty="no-records">
      <Inbox aria-hidden="true" className="list-empty-icon" />
      <p className="empty-title">
        <FormattedMessage id="records.list.noRecords" />
      </p>
      {ctl.may.create ? (
        <>
          <p className="muted">
            <FormattedMessage id="records.list.noRecordsHint" />
          </p>
          <div className="list-empty-actions">
            <Link className="button button-primary" href={`${basePath}/create`} data-testid="list-empty-create">
              <Plus aria-hidden="true" />
              <FormattedMessage id="records.list.createFirst" />
            </Link>
            <button type="button" className="button" data-testid="list-empty-import" onClick={ctl.openImport}>
              <Upload aria-hidden="true" />
              <FormattedMessage id="records.list.import" />
            </button>
          </div>
        </>
      ) : null}
    </div>
  );
}

export function ListView(props: ListViewProps) {
  const { ctl, title, basePath, navigate, locale, timeZone, importWizard, quickEdit: QuickEdit = LazyQuickEditSidebar } = props;
  const intl = useIntl();
  const message = useMessage();
  const phone = useMediaQuery(PHONE_QUERY);
  const headingRef = useRef<HTMLHeadingElement>(null);
  if (ctl.status === 'error') return <ScreenError error={ctl.error} />;
  if (ctl.status === 'denied') {
    return (
      <section className="record-screen" data-testid="list-denied">
        <EmptyState icon="🔒" title={<FormattedMessage id="noPermissionsToRead" />} />
      </section>
    );
  }
  if (ctl.status === 'loading' || !ctl.view) return <RecordSkeleton />;
  if (ctl.entrypoint && ctl.component) return <ComponentView componentId={ctl.component.uuid} entrypoint={ctl.entrypoint} context={{ screen: 'list' }} />;
  const empty = ctl.items.length === 0 && !ctl.loading;
  const open = (uuid: string) => navigate(`${basePath}/edit/${uuid}`);
  const editHref = (uuid: string) => `${basePath}/edit/${uuid}`;
  return (
    <section className="record-screen list-screen" data-testid="record-list-screen">
      <ListHeader ctl={ctl} title={title} basePath={basePath} headingRef={headingRef} />
      <PresetBar ctl={ctl} />
      <ListToolbar ctl={ctl} />
      <LiveBanner live={ctl.live} onShown={() => headingRef.current?.focus()} />
      {/* Bulk actions appear once something is chosen (or a bulk job is running), as in Directus and Gmail. */}
      {ctl.selection.length > 0 || ctl.allMatching || ctl.bulk.job || ctl.bulk.pending ? <BulkBar ctl={ctl} /> : null}
      {/* Actions as bulk actions: those whose display condition holds for every selected record. */}
      {ctl.component && ctl.selection.length > 0 && !ctl.allMatching ? (
        <RecordActionButtons
          model={ctl.component}
          records={ctl.items.filter((item) => ctl.selection.includes(item.uuid))}
          locale={ctl.locale}
          enabled={ctl.may.update}
          runScript={ctl.runScript}
          bulk
          onDone={ctl.clearSelection}
        />
      ) : null}
      {empty ? (
        <ListEmpty ctl={ctl} basePath={basePath} />
      ) : phone ? (
        <Suspense fallback={null}>
          <ListCards ctl={ctl} locale={locale} timeZone={timeZone} onOpen={open} editHref={editHref} />
        </Suspense>
      ) : (
        <ListTable ctl={ctl} locale={locale} timeZone={timeZone} onOpen={open} editHref={editHref} />
      )}
      {ctl.loading && ctl.items.length === 0 ? <RecordSkeleton /> : null}
      {empty ? null : <ListPager ctl={ctl} />}
      <NoticeDialog
        open={ctl.errorDialog !== null}
        title={intl.formatMessage({ id: 'records.list.loadFailed' })}
        onClose={ctl.closeErrorDialog}
        testId="list-error"
        close={<FormattedMessage id="common.close" />}
      >
        <p>{ctl.errorDialog ? message(ctl.errorDialog) : null}</p>
      </NoticeDialog>
      {ctl.quickEdit ? (
        <Suspense fallback={null}>
          <QuickEdit key={ctl.quickEdit} componentRef={ctl.ref} uuid={ctl.quickEdit} onClose={ctl.closeQuickEdit} />
        </Suspense>
      ) : null}
      {ctl.importOpen ? importWizard : null}
    </section>
  );
}
