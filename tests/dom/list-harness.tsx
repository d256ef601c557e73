// The record list screen against a fake main API: the real controller, query client and view. Shared by
// list.test.tsx and list-presets.test.tsx; each calls useListFixture() for the fresh API per case.
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { defaultSettings } from '../../runtime/components';
import type { ComponentSettings, Preset } from '../../schemas';
import type { RunScript } from '../../renderers/form/scripts';
import { ListView } from '../../renderers/screens/list/ListView';
import { useListController, type ListSearchState } from '../../renderers/screens/useListController';
import { setEnvironment } from '../../renderers/ui/prefs';
import { toastStore } from '../../renderers/ui/toast';
import { withIntl } from './harness';

export interface Row {
  uuid: string;
  title: string;
  amount: number;
  disabled_at: string | null;
}

export interface Api {
  rows: Row[];
  admin: boolean;
  permissions: string[];
  presets: Preset[];
  listFailure: { status: number; message: string } | null;
  calls: { method: string; url: URL; body: unknown }[];
  jobPolls: number;
  /** A Before::Delete workflow refuses deletes: a selection whole, a job's records 3 and 7. */
  refuse: boolean;
  /** Columns f1..fN (text fields) instead of title and amount. */
  wide: number;
  /** No list.fields: the default columns of a component with a few typed fields (issue 29 item 7). */
  plain: boolean;
  /** The title column is drawn by the template `cards/cell.html` of TEMPLATE_COMPONENT, and the list is an app's (500 a page). */
  template: boolean;
}

/** The component whose distribution holds the title column's template (template-cell.test.tsx). */
export const TEMPLATE_COMPONENT = '00000000-0000-4000-8000-0000000000c1';
export const TEMPLATE_RELEASE = '00000000-0000-4000-8000-0000000000d1';
export const TEMPLATE_URL = '/luma/forge/bundle/token/';

export let api: Api;

const wideField = (i: number) => ({ name: `F${i}`, key: `f${i}`, label: { en_US: `Field ${i}` }, module: 'input', type: 'text', sortOrder: i });

const PLAIN_FIELDS = [
  ['Order no', 'order_no', 'input', 'text'], ['Customer', 'customer', 'input', 'text'], ['Total', 'total', 'input', 'number'],
  ['Status', 'status', 'select', 'text'], ['Order date', 'order_date', 'picker', 'date'], ['Paid', 'paid', 'checkbox', 'bool'],
  ['Photo', 'photo', 'input', 'imagev2'],
].map(([label, key, module, type], i) => ({ name: label, key, label: { en_US: label }, module, type, sortOrder: i }));

function settings(): ComponentSettings {
  if (api.plain) {
    return { ...defaultSettings('v1'), presets: api.presets, model: { events: [], disable: false, timestamps: true, cleanup_after: null }, list: { fields: [] }, fields: PLAIN_FIELDS } as unknown as ComponentSettings;
  }
  if (api.wide > 0) {
    const keys = Array.from({ length: api.wide }, (_, i) => i + 1);
    return {
      ...defaultSettings('v1'),
      presets: api.presets,
      list: { fields: keys.map((i) => ({ key: `f${i}`, label: `Field ${i}`, sortOrder: i, formatter: null, provided_template_component: false, component_template: null })) },
      fields: keys.map(wideField),
    } as unknown as ComponentSettings;
  }
  const titleTemplate = api.template ? { provided_template_component: true, component_template: { component: TEMPLATE_COMPONENT, template: 'cards/cell.html' } } : { provided_template_component: false, component_template: null };
  return {
    ...defaultSettings('v1'),
    presets: api.presets,
    model: { events: [], disable: true, timestamps: true, cleanup_after: null },
    list: { fields: [
      { key: 'title', label: 'Title', sortOrder: 0, formatter: api.template ? null : 'return value.toUpperCase()', ...titleTemplate },
      { key: 'amount', label: 'Amount', sortOrder: 1, formatter: 'throw new Error("bad")', provided_template_component: false, component_template: null },
    ] },
    fields: [
      { name: 'Title', key: 'title', label: { en_US: 'Title' }, module: 'input', type: 'text', sortOrder: 0 },
      { name: 'Amount', key: 'amount', label: { en_US: 'Amount' }, module: 'input', type: 'number', sortOrder: 1 },
    ],
  } as unknown as ComponentSettings;
}

const model = () => ({
  uuid: '00000000-0000-4000-8000-000000000001', name: 'orders', scope: null, ref: 'orders', label: { en_US: 'Orders' }, displayName: 'Orders',
  icon: null, sort: 0, is_public: false, is_active: true, is_custom: false, public_version: 'v1', dev_version: null, versions: ['v1'],
  dependencies: [], props: {}, workspaces: [], CreatedAt: '', UpdatedAt: '', settings: settings(),
});

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function listAnswer(url: URL) {
  const q = url.searchParams;
  const text = (q.get('filter') ?? '').toLowerCase();
  const matching = api.rows.filter((r) => (q.get('disabled') === '1') === (r.disabled_at !== null) && r.title.toLowerCase().includes(text));
  const offset = Number(q.get('offset') ?? 0);
  const limit = Number(q.get('limit') ?? 10);
  return { items: matching.slice(offset, offset + limit), total: matching.length, pages: Math.ceil(matching.length / limit) };
}

export async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  api.calls.push({ method, url, body });
  const path = url.pathname.replace(/^\/api/, '');
  if (path === '/v1/user/role/permissions') return json({ is_admin: api.admin, permissions: api.permissions, roles: [] });
  if (path === '/v1/user/role/list') return json([{ uuid: 'r-ops', name: 'Ops' }]);
  if (path === '/v3/system/component/settings/orders') return json(model());
  if (path === `/v3/system/component/settings/${TEMPLATE_COMPONENT}`) return json({ ...model(), uuid: TEMPLATE_COMPONENT, settings: { ...defaultSettings('v1'), templates_dist: { dist: TEMPLATE_RELEASE, sdk_version: 6 } } });
  if (path === `/v3/system/forge/component/${TEMPLATE_COMPONENT}/open`) return json({ url: TEMPLATE_URL, release: TEMPLATE_RELEASE, expires_at: '2030-01-01T00:00:00.000Z', files: ['cards/cell.html', '__luma/sdk.js'] });
  if (path === '/v3/system/component/settings/orders/v1' && method === 'POST') {
    api.presets = (body as { settings: ComponentSettings }).settings.presets;
    return json(model());
  }
  if (path === '/v3/system/component/orders/models') {
    if (api.listFailure) return json({ message: api.listFailure.message }, api.listFailure.status);
    return json(listAnswer(url));
  }
  const bulk = /^\/v3\/system\/component\/orders\/(delete|disable|enable)\/models$/.exec(path);
  if (bulk) {
    const { items, filter } = body as { items?: string[]; filter?: unknown };
    if (filter) return json({ job: 'job-1' }, 202);
    const action = bulk[1];
    if (api.refuse && action === 'delete') {
      return json({ status: 417, message: 'workflowRefused', errors: [{ field: 'workflow', messages: ['Paid orders stay'], values: [{ workflow: 'Guard', node: 10000001, record: 'u-1' }] }] }, 417);
    }
    for (const uuid of items ?? []) {
      const row = api.rows.find((r) => r.uuid === uuid)!;
      if (action === 'delete') api.rows = api.rows.filter((r) => r !== row);
      else row.disabled_at = action === 'disable' ? '2024-01-01T00:00:00Z' : null;
    }
    return json({ affected: items?.length ?? 0 });
  }
  if (path === '/v3/system/component/orders/jobs/job-1') {
    api.jobPolls += 1;
    if (api.jobPolls < 2) return json({ status: 'running', processed: 3, total: 23, affected: 0, refused: 0, error: null });
    return json({ status: 'done', processed: 23, total: 23, affected: api.refuse ? 21 : 23, refused: api.refuse ? 2 : 0, error: null });
  }
  return json({ message: 'notFound' }, 404);
}

/** A formatter sandbox stand-in: "throw" fails, anything else upper-cases. */
const fakeScripts: RunScript = async ({ code, args }) =>
  code.includes('throw') ? { ok: false, error: 'Formatter: bad' } : { ok: true, value: String(args.value).toUpperCase() };

function Screen({ onNavigate }: { onNavigate: (href: string) => void }) {
  const [search, setSearch] = useState<ListSearchState>({});
  // Like the router, the URL changes a little after the call.
  const onSearchChange = useCallback((next: ListSearchState) => void setTimeout(() => setSearch(next), 5), []);
  const ctl = useListController({ ref: 'orders', search, onSearchChange, runScript: fakeScripts, app: api.template ? '00000000-0000-4000-8000-0000000000a1' : undefined });
  return <ListView ctl={ctl} basePath="/admin/component/orders" navigate={onNavigate} locale="en_US" title="Orders" />;
}

export function mount() {
  const navigate = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(withIntl(<QueryClientProvider client={client}><Screen onNavigate={navigate} /></QueryClientProvider>));
  return { navigate };
}

export const rows = () => screen.queryAllByTestId('record-row');
export const toasts = () => toastStore.get().map((t) => t.message);

/** The fresh fake API and toasts before each case, and the globals put back after it. */
export function useListFixture(): void {
  beforeEach(() => {
    api = {
      rows: Array.from({ length: 23 }, (_, i) => ({ uuid: `u-${i + 1}`, title: i === 6 ? 'Blue lamp' : `Item ${String(i + 1).padStart(2, '0')}`, amount: (i + 1) * 10, disabled_at: null })),
      admin: true,
      permissions: [],
      presets: [],
      listFailure: null,
      calls: [],
      jobPolls: 0,
      refuse: false,
      wide: 0,
      plain: false,
      template: false,
    };
    toastStore.set([]);
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setEnvironment('live');
  });

}
