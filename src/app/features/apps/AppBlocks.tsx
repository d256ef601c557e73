// The blocks of an app page (docs/apps.md): a component's list or create screen drawn by the record
// screens themselves (renderers/screens), links opening the home's component routes; text as the
// HTML the server sanitised when it was saved; a widget as the dashboard draws it (WidgetCard: its data
// under the viewer's rights, read again every refresh_seconds, a refusal shown as its message).
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { AppBlock } from '../../../../runtime/api/apps';
import { userModelQueryOptions } from '../../../../renderers/data/queries';
import { RendererSetProvider } from '../../../../renderers/registry/RendererSet';
import { CreateView, useCreateController } from '../../../../renderers/screens';
import { ListView } from '../../../../renderers/screens/list/ListView';
import { useListController, type ListSearchState } from '../../../../renderers/screens/useListController';
import { localeStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { listRendererSet } from '../../listRendererSet';
import { withRendererSet } from '../records/withRendererSet';
import { widgetsQueryOptions } from '../widgets/data';
import { WidgetCard } from '../widgets/WidgetCard';
import '../widgets/widgets.css';

const componentBase = (ref: string) => `/home/component/${ref.split('/').map(encodeURIComponent).join('/')}`;

function ListBlock({ componentRef, app }: { componentRef: string; app: string }) {
  const router = useRouter();
  const locale = useStore(localeStore);
  const timezone = useQuery(userModelQueryOptions()).data?.settings?.timezone;
  // The page's own paging and preset: an app page may hold several lists, so the URL keeps none.
  const [search, setSearch] = useState<ListSearchState>({});
  const ctl = useListController({ ref: componentRef, search, onSearchChange: setSearch, app });
  const navigate = useCallback((href: string) => void router.navigate({ href }), [router]);
  return (
    <RendererSetProvider value={listRendererSet}>
      <ListView ctl={ctl} basePath={componentBase(componentRef)} navigate={navigate} locale={locale} timeZone={typeof timezone === 'string' && timezone ? timezone : undefined} />
    </RendererSetProvider>
  );
}

const CreateBlock = withRendererSet(function CreateBlockView({ componentRef }: { componentRef: string }) {
  const router = useRouter();
  const base = componentBase(componentRef);
  const ctl = useCreateController({ ref: componentRef, onCreated: (record) => void router.navigate({ href: `${base}/edit/${record.uuid}` }) });
  return <CreateView ctl={ctl} />;
});

function WidgetBlock({ uuid }: { uuid: string }) {
  const widgets = useQuery(widgetsQueryOptions());
  const widget = widgets.data?.find((candidate) => candidate.uuid === uuid);
  return (
    <div className="app-block" data-testid="app-block-widget" data-widget={uuid}>
      {widgets.isPending ? (
        <div className="skeleton" aria-busy="true" />
      ) : widget ? (
        <WidgetCard widget={widget} />
      ) : (
        <p className="form-error" data-testid="app-block-widget-missing">
          <FormattedMessage id="widgets.dataFailed" />
        </p>
      )}
    </div>
  );
}

/** `app`: the app's uuid, sent with its lists as X-App (their page size defaults to 500, spec section 5). */
export function AppBlockView({ block, app }: { block: AppBlock; app: string }) {
  if (block.kind === 'text') {
    // Sanitised on the server when saved (records/html.ts rules): no script, handlers or javascript: links.
    return <div className="app-text rich-text" data-testid="app-block-text" dangerouslySetInnerHTML={{ __html: block.html }} />;
  }
  if (block.kind === 'widget') return <WidgetBlock uuid={block.widget} />;
  return (
    <div className="app-block" data-testid="app-block-component" data-ref={block.ref}>
      {/* 'edit' needs a record: the list, whose rows open the edit screen, stands in for it. */}
      {block.entrypoint === 'create' ? <CreateBlock componentRef={block.ref} /> : <ListBlock componentRef={block.ref} app={app} />}
    </div>
  );
}
