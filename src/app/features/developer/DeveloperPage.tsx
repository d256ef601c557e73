// /admin/developer (spec section 2): the API reference of /api/openapi.json, rendered by a viewer loaded
// on demand, and a link to the SDK's TypeScript types /types/luma-sdk.d.ts (docs/user-code.md).
import { useEffect, useRef, useState, type RefObject } from 'react';
import { FormattedMessage } from 'react-intl';
import { SDK_TYPES_PATH } from '../../../../runtime/api/sdkTypesPath';
import { themeStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { PageHeader } from '../../components/PageHeader';
import type { ReferenceViewer } from './swaggerUi';

export const OPENAPI_URL = '/api/openapi.json';
/** The SDK's types (runtime/api/sdk.ts). */
export const SDK_TYPES_URL = SDK_TYPES_PATH;

/** Whether the SDK's type file is served (a HEAD that answers 200 with something other than the app's HTML). */
async function sdkTypesExist(): Promise<boolean> {
  try {
    const response = await fetch(SDK_TYPES_URL, { method: 'HEAD', headers: { accept: 'text/plain, application/typescript' } });
    return response.ok && !(response.headers.get('content-type') ?? '').includes('text/html');
  } catch {
    return false;
  }
}

type ViewerState = 'loading' | 'ready' | 'failed';

/** swagger-ui's own dark theme follows html.dark-mode: on while this screen shows the dark theme. */
function useDarkModeClass() {
  const theme = useStore(themeStore);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark-mode', theme === 'dark');
    return () => root.classList.remove('dark-mode');
  }, [theme]);
}

/** Whether the SDK's types can be offered (asked once). */
function useSdkTypes(): boolean {
  const [sdk, setSdk] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void sdkTypesExist().then((exists) => {
      if (!cancelled) setSdk(exists);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return sdk;
}

/** The reference viewer, loaded on demand and mounted in `node`; destroyed when the screen goes. */
function useReferenceViewer(viewerNode: RefObject<HTMLDivElement | null>): ViewerState {
  const [state, setState] = useState<ViewerState>('loading');
  useEffect(() => {
    let cancelled = false;
    let viewer: ReferenceViewer | null = null;
    const node = viewerNode.current;
    if (!node) return;
    import('./swaggerUi')
      .then(({ mountReferenceViewer }) => mountReferenceViewer(node, OPENAPI_URL))
      .then((mounted) => {
        viewer = mounted;
        if (cancelled) mounted.destroy();
        else setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      viewer?.destroy();
    };
  }, [viewerNode]);
  return state;
}

function DeveloperLinks({ sdk }: { sdk: boolean }) {
  return (
    <section className="card developer-links">
      <p>
        <FormattedMessage
          id="developer.intro"
          values={{
            url: (
              <a href={OPENAPI_URL} data-testid="openapi-link">
                {OPENAPI_URL}
              </a>
            ),
          }}
        />
      </p>
      <p data-testid="sdk-types">
        {sdk ? (
          <a href={SDK_TYPES_URL} download data-testid="sdk-types-link">
            <FormattedMessage id="developer.sdk" />
          </a>
        ) : (
          <span className="muted">
            <FormattedMessage id="developer.sdkNotYet" />
          </span>
        )}
      </p>
    </section>
  );
}

export function DeveloperPage() {
  const viewerNode = useRef<HTMLDivElement>(null);
  useDarkModeClass();
  const sdk = useSdkTypes();
  const state = useReferenceViewer(viewerNode);

  return (
    <div className="page developer-page" data-testid="developer-page">
      <PageHeader title={<FormattedMessage id="developer.title" />} />
      <DeveloperLinks sdk={sdk} />
      {state === 'loading' ? (
        <p className="muted" aria-busy="true" data-testid="developer-loading">
          <FormattedMessage id="developer.loading" />
        </p>
      ) : null}
      {state === 'failed' ? (
        <p className="form-error" role="alert" data-testid="developer-failed">
          <FormattedMessage id="developer.failed" />
        </p>
      ) : null}
      <div ref={viewerNode} className="card developer-reference" data-testid="api-reference" data-state={state} />
    </div>
  );
}
