// The console layout for /admin and /home: sidebar navigation, header, content.
import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { componentMenuQueryOptions } from '../../../renderers/data/components';
import { rolePermissionsQueryOptions, userModelQueryOptions } from '../../../renderers/data/queries';
import { localeStore } from '../../../renderers/ui/prefs';
import { useStore } from '../../../renderers/ui/store';
import { menuLinks, withLinksAfter } from '../nav/componentMenu';
import { browserStorage, STORAGE_KEY } from '../../../runtime/client/storage';
import { ADMIN_NAV } from '../nav/adminNav';
import { HOME_NAV } from '../nav/homeNav';
import { forViewer, type NavItem } from '../nav/model';
import { AppLink } from './AppLink';
import { Breadcrumbs } from './Breadcrumbs';
import { LanguageSelect } from './LanguageSelect';
import { Sidebar } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { Toasts } from '../../../renderers/ui/Toasts';
import { UserMenu } from './UserMenu';
import { AppEventBus } from './AppEventBus';
import { BusIndicator } from './BusIndicator';
import { EnvironmentPill } from './EnvironmentSwitch';
import { useMediaNav } from './mediaNav';
import { Menu } from '../../../renderers/ui/icons';

// The tutorials (features/tutorials) load after the shell: xstate and the modal stay out of the first load.
const Tutorials = lazy(() => import('../features/tutorials/Tutorials').then((m) => ({ default: m.Tutorials })));

/** Keeps X-Workspace-Uuid in step with the signed-in user's workspace. */
function useWorkspaceHeader(): void {
  const user = useQuery(userModelQueryOptions());
  const workspace = user.data?.workspace_uuid;
  useEffect(() => {
    if (workspace) browserStorage.setItem(STORAGE_KEY.workspaceUuid, workspace);
  }, [workspace]);
}

function Shell({ nav, homeHref, tutorials = false }: { nav: readonly NavItem[]; homeHref: string; tutorials?: boolean }) {
  const intl = useIntl();
  const [navOpen, setNavOpen] = useState(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useWorkspaceHeader();
  // The small-screen drawer closes after a navigation and on Escape.
  useEffect(() => setNavOpen(false), [pathname]);
  useEffect(() => {
    if (!navOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setNavOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navOpen]);
  return (
    <AppEventBus>
      <div className={`shell${navOpen ? ' nav-open' : ''}`}>
        <a className="skip-link" href="#main">
          <FormattedMessage id="common.skipToContent" />
        </a>
        <aside className="shell-aside">
          <AppLink className="brand" href={homeHref}>
            <span className="brand-mark" aria-hidden="true">
              L
            </span>
            <FormattedMessage id="app.name" />
          </AppLink>
          <Sidebar items={nav} />
        </aside>
        <div className="shell-main">
          <header className="shell-header">
            <button
              type="button"
              className="icon-button nav-burger"
              aria-label={intl.formatMessage({ id: 'shell.openNavigation' })}
              aria-expanded={navOpen}
              onClick={() => setNavOpen((o) => !o)}
            >
              <Menu />
            </button>
            <Breadcrumbs />
            <div className="header-tools">
              <EnvironmentPill />
              <BusIndicator />
              <LanguageSelect />
              <ThemeToggle />
              <UserMenu />
            </div>
          </header>
          <main id="main" className="content" tabIndex={-1} onClick={() => setNavOpen(false)}>
            <Outlet />
          </main>
        </div>
        <Toasts />
        {tutorials ? (
          <Suspense fallback={null}>
            <Tutorials />
          </Suspense>
        ) : null}
      </div>
    </AppEventBus>
  );
}

/** The static nav plus the menu components (their icon, active flag and sort come from the server) and the media library. */
function useNavWithComponents(nav: readonly NavItem[], afterHref: string, base: '/admin' | '/home', mediaAfter: string): readonly NavItem[] {
  const menu = useQuery(componentMenuQueryOptions());
  const permissions = useQuery(rolePermissionsQueryOptions());
  const media = useMediaNav(base);
  const locale = useStore(localeStore);
  // Until the permissions are known, admin-only entries stay hidden rather than flash in and out.
  const isAdmin = permissions.data?.is_admin ?? false;
  return useMemo(
    () => withLinksAfter(withLinksAfter(forViewer(nav, isAdmin), mediaAfter, media), afterHref, menuLinks(menu.data ?? [], locale, `${base}/component`)),
    [nav, isAdmin, afterHref, base, mediaAfter, media, menu.data, locale],
  );
}

export function AdminShell() {
  return <Shell nav={useNavWithComponents(ADMIN_NAV, '/admin/components', '/admin', '/admin/integrations')} homeHref="/admin/dashboard" tutorials />;
}

export function HomeShell() {
  return <Shell nav={useNavWithComponents(HOME_NAV, '/home/home', '/home', '/home/home')} homeHref="/home/home" />;
}
