// The list's header: the title, one primary action (Create), Import and the three exports in one menu,
// and (for users holding settings in dev) settings, workflow, list settings and the editor as icon
// buttons with tooltips. Links are the app's router links (renderers/ui/navigation). The menu and the
// tooltips are own light widgets (MenuButton, Hint), so the list loads no react-aria overlay code.
import { Code, Ellipsis, FileDown, ListChecks, Plus, Settings, Upload, Workflow } from '../../ui/icons';
import type { ReactElement, Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Hint } from '../../ui/Hint';
import { MenuButton, type MenuAction } from '../../ui/MenuButton';
import { useNavigation } from '../../ui/navigation';
import type { ListController } from '../useListController';

/** An icon link with its name as tooltip (on hover and keyboard focus) and accessible label. */
function IconLink({ href, label, icon, testId, newTab }: { href: string; label: string; icon: ReactElement; testId: string; newTab?: string }) {
  const { Link } = useNavigation();
  return (
    <Hint label={label}>
      {(hint) => (
        <Link
          {...hint}
          className="icon-button list-icon-button"
          href={href}
          aria-label={newTab ? `${label} (${newTab})` : label}
          data-testid={testId}
          target={newTab ? '_blank' : undefined}
          rel={newTab ? 'noopener noreferrer' : undefined}
        >
          {icon}
        </Link>
      )}
    </Hint>
  );
}

/** `headingRef`: the title, focusable by script (the live banner returns the focus there once it hides). */
export function ListHeader({ ctl, title, basePath, headingRef }: { ctl: ListController; title?: string; basePath: string; headingRef?: Ref<HTMLHeadingElement> }) {
  const intl = useIntl();
  const { Link } = useNavigation();
  const { may, component } = ctl;
  const t = (id: string) => intl.formatMessage({ id });
  const items: MenuAction[] = [
    ...(may.create ? [{ id: 'list-import', label: t('records.list.import'), icon: <Upload aria-hidden="true" />, action: ctl.openImport }] : []),
    { id: 'export-page', label: t('records.list.exportPage'), icon: <FileDown aria-hidden="true" />, action: ctl.exportPage, disabled: ctl.items.length === 0, separated: may.create },
    { id: 'export-csv', label: t('records.list.exportCsv'), icon: <FileDown aria-hidden="true" />, action: () => void ctl.exportAll('csv') },
    { id: 'export-json', label: t('records.list.exportJson'), icon: <FileDown aria-hidden="true" />, action: () => void ctl.exportAll('json') },
  ];
  return (
    <header className="page-header list-header">
      <h1 ref={headingRef} tabIndex={-1}>
        {title ?? ctl.view?.component.label}
      </h1>
      <div className="list-actions">
        {may.settings && component ? (
          <div className="list-icon-group">
            <IconLink href={`${basePath}/settings`} label={t('cmp.list.settings')} icon={<Settings aria-hidden="true" />} testId="list-settings" />
            <IconLink href={`${basePath}/settings#workflow`} label={t('records.list.workflow')} icon={<Workflow aria-hidden="true" />} testId="list-settings-workflow" />
            <IconLink href={`${basePath}/settings#list`} label={t('records.list.listSettings')} icon={<ListChecks aria-hidden="true" />} testId="list-settings-list" />
            <IconLink
              href={`/component/editor/${encodeURIComponent(component.uuid)}?v=${encodeURIComponent(component.settings.version)}`}
              label={t('records.list.editor')}
              icon={<Code aria-hidden="true" />}
              testId="list-editor"
              newTab={t('common.openInNewTab')}
            />
          </div>
        ) : null}
        <MenuButton label={t('records.list.moreActions')} icon={<Ellipsis aria-hidden="true" />} items={items} testId="list-more" />
        {may.create ? (
          <Link className="button button-primary list-create" href={`${basePath}/create`} data-testid="list-create">
            <Plus aria-hidden="true" />
            <FormattedMessage id="records.list.create" />
          </Link>
        ) : null}
      </div>
    </header>
  );
}
