// /admin|home/component/$ref (and $scope/$name): the record list. The controller is headless; this
// page binds it to the router (?page and ?preset) and mounts the import wizard lazily.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { ListView } from '../../../../../renderers/screens/list/ListView';
import { useListController, type ListSearchState } from '../../../../../renderers/screens/useListController';
import { userModelQueryOptions } from '../../../../../renderers/data/queries';
import { recordKeys } from '../../../../../renderers/data/records';
import { localeStore } from '../../../../../renderers/ui/prefs';
import { useStore } from '../../../../../renderers/ui/store';
import type { ListSearch } from '../../../routes/search';
import { useMenuComponent } from '../useMenuComponent';
import { RendererSetProvider } from '../../../../../renderers/registry/RendererSet';
import { listRendererSet } from '../../../listRendererSet';

// The wizard is its own chunk: most list visits never import.
const QuickEdit = lazy(() => import('./QuickEditWithSet').then((m) => ({ default: m.QuickEditWithSet })));
const ImportWizard = lazy(() => import('../import/ImportWizard').then((m) => ({ default: m.ImportWizard })));

export interface RecordListPageProps {
  /** Spec section 2: a custom list template may be passed in; 'default' forces the default list. */
  entrypoint?: string | null;
}

function RecordListPageView({ entrypoint }: RecordListPageProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const locale = useStore(localeStore);
  // Spec section 9: timestamps in the user's time zone, falling back to the browser's.
  const timezone = useQuery(userModelQueryOptions()).data?.settings?.timezone;
  const { ref, title, basePath } = useMenuComponent();
  const search = useSearch({ strict: false }) as ListSearch;
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const onSearchChange = useCallback(
    (next: ListSearchState) => {
      const clean: ListSearch = {};
      if (next.page && next.page > 1) clean.page = next.page;
      if (next.preset) clean.preset = next.preset;
      // Replacing: paging and presets would otherwise fill the history (and the breadcrumbs) with one list.
      void router.navigate({ to: pathname, search: clean, replace: true } as never);
    },
    [router, pathname],
  );
  const ctl = useListController({ ref, search, onSearchChange, entrypoint });
  const navigate = useCallback((href: string) => void router.navigate({ href }), [router]);
  const base = basePath.replace(/\/+$/, '');
  return (
    <div className="page">
      <ListView
        ctl={ctl}
        title={title}
        basePath={base}
        navigate={navigate}
        locale={locale}
        quickEdit={QuickEdit}
        timeZone={typeof timezone === 'string' && timezone ? timezone : undefined}
        importWizard={
          ctl.view ? (
            <Suspense fallback={null}>
              <ImportWizard
                componentRef={ctl.ref}
                view={ctl.view}
                onClose={ctl.closeImport}
                onImported={() => void queryClient.invalidateQueries({ queryKey: recordKeys.lists(ctl.ref) })}
              />
            </Suspense>
          ) : null
        }
      />
    </div>
  );
}

export function RecordListPage(props: RecordListPageProps) {
  return (
    <RendererSetProvider value={listRendererSet}>
      <RecordListPageView {...props} />
    </RendererSetProvider>
  );
}
