import { useRouterState } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ChevronRight } from '../../../renderers/ui/icons';
import { findActive, isExternal, type NavIcon, type NavItem, type NavLink } from '../nav/model';
import { AppLink } from './AppLink';

function Badge({ link }: { link: NavLink }) {
  if (!link.badge) return null;
  return (
    <span className={`badge badge-${link.badge.tone}`}>
      <FormattedMessage id={link.badge.label} />
    </span>
  );
}

/** A nav icon: one of the product's set, or the data's own short text (a component's symbol or letter). */
function NavIconView({ icon }: { icon: NavIcon }) {
  const Icon = icon;
  return (
    <span className="nav-icon" aria-hidden="true">
      {typeof Icon === 'string' ? Icon : <Icon />}
    </span>
  );
}

function LinkItem({ link, active }: { link: NavLink; active: boolean }) {
  const intl = useIntl();
  const body = (
    <>
      {link.icon ? <NavIconView icon={link.icon} /> : null}
      <span className="nav-text">{link.text ?? <FormattedMessage id={link.label} />}</span>
      <Badge link={link} />
    </>
  );
  if (link.disabled) {
    // Disabled links do nothing; they stay focusable so their state is announced.
    return (
      <a className="nav-link is-disabled" role="link" aria-disabled="true" tabIndex={0} onClick={(e) => e.preventDefault()}>
        {body}
      </a>
    );
  }
  if (isExternal(link.href)) {
    return (
      <a
        className="nav-link"
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        title={intl.formatMessage({ id: 'common.openInNewTab' })}
      >
        {body}
      </a>
    );
  }
  return (
    <AppLink className={`nav-link${active ? ' is-active' : ''}`} href={link.href} aria-current={active ? 'page' : undefined}>
      {body}
    </AppLink>
  );
}

interface ListProps {
  items: readonly NavItem[];
  activeHref: string | undefined;
  open: ReadonlySet<string>;
  toggle: (id: string) => void;
  depth: number;
}

function NavList({ items, activeHref, open, toggle, depth }: ListProps) {
  return (
    <ul className={`nav-list depth-${depth}`}>
      {items.map((item, index) => {
        switch (item.kind) {
          case 'title':
            return (
              <li key={index} className="nav-title">
                <FormattedMessage id={item.label} />
              </li>
            );
          case 'label':
            return (
              <li key={index} className="nav-label">
                <FormattedMessage id={item.label} />
              </li>
            );
          case 'divider':
            // A list holds list items only: the rule is drawn, and hidden from the accessibility tree.
            return <li key={index} className="nav-divider" aria-hidden="true" />;
          case 'link':
            return (
              <li key={index}>
                <LinkItem link={item} active={item.href === activeHref} />
              </li>
            );
          case 'dropdown': {
            const expanded = open.has(item.id);
            const panelId = `nav-group-${item.id.replace(/\W/g, '-')}`;
            return (
              <li key={item.id} className="nav-group">
                <button type="button" className="nav-link nav-toggle" aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(item.id)}>
                  {item.icon ? <NavIconView icon={item.icon} /> : null}
                  <span className="nav-text">
                    <FormattedMessage id={item.label} />
                  </span>
                  <span className={`chevron${expanded ? ' is-open' : ''}`} aria-hidden="true">
                    <ChevronRight />
                  </span>
                </button>
                <div id={panelId} hidden={!expanded}>
                  <NavList items={item.children} activeHref={activeHref} open={open} toggle={toggle} depth={depth + 1} />
                </div>
              </li>
            );
          }
        }
      })}
    </ul>
  );
}

export function Sidebar({ items }: { items: readonly NavItem[] }) {
  const intl = useIntl();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = useMemo(() => findActive(items, pathname), [items, pathname]);
  const [toggled, setToggled] = useState<Map<string, boolean>>(new Map());
  // A dropdown holding the active link starts open; the user's own toggles win.
  const open = useMemo(() => {
    const ids = new Set(active?.parents ?? []);
    for (const [id, isOpen] of toggled) {
      if (isOpen) ids.add(id);
      else ids.delete(id);
    }
    return ids;
  }, [active, toggled]);
  const toggle = (id: string) => setToggled((prev) => new Map(prev).set(id, !open.has(id)));

  return (
    <nav className="sidebar" data-testid="sidebar" aria-label={intl.formatMessage({ id: 'shell.mainNavigation' })}>
      <NavList items={items} activeHref={active?.link.href} open={open} toggle={toggle} depth={0} />
    </nav>
  );
}
