// The record form with a query client (the relation select's dialogs and permissions use it) and a
// fake main API for the relation select: permissions, the related component's settings, its list
// (with $in, $regex and $or in $adv, offset and limit) and record creation.
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { defaultSettings } from '../../runtime/components';
import type { ComponentSettings } from '../../schemas';
import type { RunScript } from '../../renderers/form/scripts';
import type { FormPage } from '../../renderers/registry/types';
import { RendererSetProvider, type RendererSet } from '../../renderers/registry/RendererSet';
import { RecordForm } from '../../renderers/screens/RecordForm';
import { useRecordForm, type RecordForm as RecordFormState } from '../../renderers/screens/useRecordForm';
import type { ViewSchema } from '../../schemas';
import { noScripts, withIntl } from './harness';

export interface Author {
  uuid: string;
  code: string;
  name: string;
  title: { locales: Record<string, string> };
  [key: string]: unknown;
}

export interface FakeApi {
  authors: Author[];
  admin: boolean;
  permissions: string[];
  /** A status every list call answers with (403, 500), or null. */
  listStatus: number | null;
  calls: { method: string; url: URL; body: unknown; adv: Record<string, unknown> | null }[];
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function authors(n: number): Author[] {
  return Array.from({ length: n }, (_, i) => {
    const code = `A${String(i + 1).padStart(2, '0')}`;
    return { uuid: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`, code, name: `Author ${code}`, title: { locales: { en_US: `Title ${code}` } } };
  });
}

function authorsModel() {
  const settings = {
    ...defaultSettings('v1'),
    fields: [
      { name: 'Code', key: 'code', label: { en_US: 'Code' }, module: 'input', type: 'text', sortOrder: 0, unique: true, constraints: { required: true } },
      { name: 'Name', key: 'name', label: { en_US: 'Name' }, module: 'input', type: 'text', sortOrder: 1 },
      { name: 'Title', key: 'title', label: { en_US: 'Title' }, module: 'input', type: 'text_i18n', sortOrder: 2 },
    ],
  } as unknown as ComponentSettings;
  return {
    uuid: '00000000-0000-4000-8000-0000000000aa', name: 'authors', scope: null, ref: 'authors', label: { en_US: 'Authors' }, displayName: 'Authors',
    icon: null, sort: 0, is_public: false, is_active: true, is_custom: false, public_version: 'v1', dev_version: null, versions: ['v1'],
    dependencies: [], props: {}, workspaces: [], CreatedAt: '', UpdatedAt: '', settings,
  };
}

function read(row: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((v, part) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined), row);
}

function matches(row: Record<string, unknown>, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, cond]) => {
    if (key === '$or') return (cond as Record<string, unknown>[]).some((f) => matches(row, f));
    if (key === '$and') return (cond as Record<string, unknown>[]).every((f) => matches(row, f));
    const value = read(row, key);
    const ops = cond as Record<string, unknown>;
    if ('$in' in ops) return (ops.$in as unknown[]).map(String).includes(String(value));
    if ('$regex' in ops) return typeof value === 'string' && new RegExp(String(ops.$regex), 'i').test(value);
    return value === cond;
  });
}

export function fakeFetch(api: FakeApi) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const advText = url.searchParams.get('$adv');
    api.calls.push({ method, url, body, adv: advText ? (JSON.parse(advText) as Record<string, unknown>) : null });
    const path = url.pathname.replace(/^\/api/, '');
    if (path === '/v1/user/role/permissions') return json({ is_admin: api.admin, permissions: api.permissions, roles: [] });
    if (path === '/v3/system/component/settings/authors') return json(authorsModel());
    if (path === '/v3/system/component/authors/models') {
      if (api.listStatus) return json({ message: api.listStatus === 403 ? 'noPermissionsToRead' : 'serverError' }, api.listStatus);
      const adv = advText ? (JSON.parse(advText) as Record<string, unknown>) : {};
      const found = api.authors.filter((row) => matches(row, adv));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return json({ items: found.slice(offset, offset + limit), total: found.length, pages: Math.ceil(found.length / limit) });
    }
    if (path === '/v3/system/component/authors/model' && method === 'POST') {
      const data = (body as { data: Record<string, unknown> }).data;
      const created = { uuid: '00000000-0000-4000-8000-00000000ffff', __version__: 1, created_by: null, created_at: null, updated_by: null, updated_at: null, deleted_at: null, disabled_at: null, ...data } as unknown as Author;
      api.authors.push(created);
      return json(created);
    }
    const one = /^\/v3\/system\/component\/authors\/model\/([^/]+)$/.exec(path);
    if (one) {
      const row = api.authors.find((a) => a.uuid === one[1]);
      if (!row) return json({ message: 'notFound' }, 404);
      if (method === 'POST') Object.assign(row, (body as { data: Record<string, unknown> }).data, { __version__: 2 });
      if (method === 'DELETE') {
        api.authors = api.authors.filter((a) => a !== row);
        return json({});
      }
      return json({ __version__: 1, created_by: null, created_at: null, updated_by: null, updated_at: null, deleted_at: null, disabled_at: null, ...row });
    }
    return json({ message: 'notFound' }, 404);
  };
}

function Harness({ view, record, page, runScript, onForm }: { view: ViewSchema; record: Record<string, unknown> | null; page: FormPage; runScript: RunScript; onForm: (f: RecordFormState) => void }) {
  const form = useRecordForm({ view, record, page, locale: 'en_US', runScript });
  onForm(form);
  return <RecordForm view={view} form={form} />;
}

export function renderSelects(props: { view: ViewSchema; record?: Record<string, unknown> | null; page?: FormPage; runScript?: RunScript; withClient?: boolean; rendererSet?: RendererSet }) {
  let form: RecordFormState | null = null;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const harness: ReactElement = <Harness view={props.view} record={props.record ?? null} page={props.page ?? 'model_create'} runScript={props.runScript ?? noScripts} onForm={(f) => (form = f)} />;
  // The app provides its renderer set once at the root; the dialogs' forms read it from there.
  const ui = props.rendererSet ? <RendererSetProvider value={props.rendererSet}>{harness}</RendererSetProvider> : harness;
  const result = render(withIntl(props.withClient === false ? ui : <QueryClientProvider client={client}>{ui}</QueryClientProvider>));
  return { ...result, client, form: () => form! };
}
