// The 'orders' component the live-screen dom tests (live-list, live-jobs, live-edit) fake the main API
// with: its settings answer, the signed-in user, and the record list screen over useListController.
import { useCallback, useState } from 'react';
import { defaultSettings } from '../../runtime/components';
import type { ComponentSettings } from '../../schemas';
import type { RunScript } from '../../renderers/form/scripts';
import { ListView } from '../../renderers/screens/list/ListView';
import { useListController, type ListSearchState } from '../../renderers/screens/useListController';

/** The signed-in user's uuid. */
export const ME = '00000000-0000-4000-8000-0000000000aa';

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** One text field 'title' (shown in the list unless `listed` is false), plus any other settings. */
export const ordersSettings = (extra: Record<string, unknown> = {}, listed = true) =>
  ({
    ...defaultSettings('v1'),
    ...(listed ? { list: { fields: [{ key: 'title', label: 'Title', sortOrder: 0, formatter: null, provided_template_component: false, component_template: null }] } } : {}),
    fields: [{ name: 'Title', key: 'title', label: { en_US: 'Title' }, module: 'input', type: 'text', sortOrder: 0 }],
    ...extra,
  }) as unknown as ComponentSettings;

/** The answers every screen asks for first: the caller's permissions (an admin) and user model, the component's settings. */
export function ordersBasics(path: string, settings: ComponentSettings): Response | null {
  if (path === '/v1/user/role/permissions') return json({ is_admin: true, permissions: [], roles: [] });
  if (path === '/v1/user/model') return json({ uuid: ME, name: 'Me', email: 'me@x', settings: {}, billing_address: null, login_at: null, status: 'active', project_uuid: null });
  if (path === '/v3/system/component/settings/orders') {
    return json({
      uuid: '00000000-0000-4000-8000-000000000001', name: 'orders', scope: null, ref: 'orders', label: { en_US: 'Orders' }, displayName: 'Orders',
      icon: null, sort: 0, is_public: false, is_active: true, is_custom: false, public_version: 'v1', dev_version: null, versions: ['v1'],
      dependencies: [], props: {}, workspaces: [], CreatedAt: '', UpdatedAt: '', settings,
    });
  }
  return null;
}

const scripts: RunScript = async ({ args }) => ({ ok: true, value: String(args.value) });

/** The orders record list (the search state kept here; a change lands a moment later, as the router's does). */
export function OrdersList() {
  const [search, setSearch] = useState<ListSearchState>({});
  const onSearchChange = useCallback((next: ListSearchState) => void setTimeout(() => setSearch(next), 5), []);
  const ctl = useListController({ ref: 'orders', search, onSearchChange, runScript: scripts });
  return <ListView ctl={ctl} basePath="/admin/component/orders" navigate={() => undefined} locale="en_US" title="Orders" />;
}
