// The list's header: the title, one primary action (Create), Import and the three exports in one menu,
// and (for users holding settings in dev) settings, workflow, list settings and the editor as icon
// buttons with tooltips. Links route through the app's navigate (a RouterProvider in ListView).
import { Code, Ellipsis, FileDown, ListChecks, Plus, Settings, Upload, Workflow } from '../../ui/icons';
import { useState, type ReactElement, type ReactNode, type Ref } from 'react';
import { Button, Link, Menu, MenuItem, MenuTrigger, Popover, Separator, Tooltip, TooltipTrigger } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ListController } from '../useListController';

/**
 * An icon link with its name as tooltip and accessible label. The trigger opens the tooltip on
 * keyboard focus; a link does not pass the trigger its hover, so the link's own hover opens it too.
 */
function IconLink({ href, label, icon, testId, newTab }: { href: string; label: string; icon: ReactElement; testId: string; newTab?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <TooltipTrigger delay={400} isOpen={open} onOpenChange={setOpen}>
      <Link
        onHoverChange={setOpen}
        className="icon-button list-icon-button"
        href={href}
        aria-label={newTab ? `${label} (${newTab})` : label}
        data-testid={testId}
        target={newTab ? '_blank' : undefined}
        rel={newTab ? 'noopener noreferrer' : undefined}
      >
        {icon}
      </Link>
      <Tooltip className="list-tooltip" offset={6}>
        {label}
      </Tooltip>
    </TooltipTrigger>
  );
}

/** `headingRef`: the title, focusable by script (the live banner returns the focus there once it hides). */
export function ListHeader({ ctl, title, basePath, headingRef }: { ctl: ListController; title?: string; basePath: string; headingRef?: Ref<HTMLHeadingElement> }) {
  const intl = useIntl();
  const { may, component } = ctl;
  const t = (id: string) => intl.formatMessage({ id });
  const items: { id: string; label: ReactNode; icon: ReactElement; action: () => void; disabled?: boolean }[] = [
    ...(may.create ? [{ id: 'list-import', label: t('records.list.import'), icon: <Upload aria-hidden="true" />, action: ctl.openImport }] : []),
    { id: 'export-page', label: t('records.list.exportPage'), icon: <FileDown aria-hidden="true" />, action: ctl.exportPage, disabled: ctl.items.length === 0 },
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
        <MenuTrigger>
          <TooltipTrigger delay={400}>
            <Button className="icon-button list-icon-button" aria-label={t('records.list.moreActions')} data-testid="list-more">
              <Ellipsis aria-hidden="true" />
            </Button>
            <Tooltip className="list-tooltip" offset={6}>
              {t('records.list.moreActions')}
            </Tooltip>
          </TooltipTrigger>
          <Popover className="list-popover" placement="bottom end">
            <Menu className="list-menu" onAction={(key) => items.find((i) => i.id === key)?.action()} disabledKeys={items.filter((i) => i.disabled).map((i) => i.id)}>
              {items.map((item, index) => [
                index === 1 && may.create ? <Separator key="sep" className="list-menu-separator" /> : null,
                <MenuItem key={item.id} id={item.id} className="list-menu-item" data-testid={item.id} textValue={String(item.label)}>
                  {item.icon}
                  <span>{item.label}</span>
                </MenuItem>,
              ])}
            </Menu>
          </Popover>
        </MenuTrigger>
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
