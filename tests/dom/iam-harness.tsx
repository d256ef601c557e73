// The whole app (real router, guard, shell, query client and API clients) against a fake main API
// that follows runtime/api/iam.ts: fetch is replaced at the client boundary, as in list.test.tsx.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Project } from '../../runtime/api/contract';
import type { ApiSecretCreated, ApiUserItem, InviteItem, MemberItem, RoleItem, WorkspaceItem } from '../../runtime/api/iam';
import { browserStorage, STORAGE_KEY } from '../../runtime/client/storage';
import { toastStore } from '../../renderers/ui/toast';
import type { AppRouter } from '../../src/app/routes/router';
import { renderApp } from './account-harness';

export const ME = '00000000-0000-4000-8000-0000000000a1';
export const PROJECT = '00000000-0000-4000-8000-0000000000b1';
export const OTHER_PROJECT = '00000000-0000-4000-8000-0000000000b2';
export const ADMIN_ROLE: RoleItem = { uuid: 'role-admin', name: 'Administrator', is_admin: true, level: 100, permissions: [], users: 1 };
export const EDITOR_ROLE: RoleItem = { uuid: 'role-editor', name: 'Editor', is_admin: false, level: 10, permissions: ['read orders', 'Update Orders'], users: 2 };

export interface Call {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeServer {
  currentProject: string | null;
  projects: Project[];
  members: MemberItem[];
  invites: InviteItem[];
  roles: RoleItem[];
  permissions: string[];
  apiUsers: Record<string, ApiUserItem>;
  workspaces: WorkspaceItem[];
  calls: Call[];
  /** Forced answers: `${METHOD} ${path}` -> status and body. */
  fail: Record<string, { status: number; body: unknown }>;
  tokens: number;
}

export let server: FakeServer;

const at = '2024-03-01T10:00:00Z';

export function member(uuid: string, name: string, rest: Partial<MemberItem> = {}): MemberItem {
  return {
    uuid,
    kind: 'person',
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    status: 'active',
    is_owner: false,
    roles: [],
    login_at: at,
    created_at: at,
    ...rest,
  };
}

function project(uuid: string, name: string, owner: string | null): Project {
  return {
    uuid,
    name,
    workspaces: [{ uuid: `ws-${uuid.slice(-2)}`, project_uuid: uuid, name: 'Main', environments: ['dev', 'live'] }],
    users: [{ user_uuid: ME }],
    account: { owner_uuid: owner },
  };
}

export function freshServer(): FakeServer {
  return {
    currentProject: PROJECT,
    projects: [project(PROJECT, 'Acme', ME), project(OTHER_PROJECT, 'Globex', 'someone-else')],
    members: [
      member(ME, 'Ada Admin', { is_owner: true, roles: [{ uuid: ADMIN_ROLE.uuid, name: ADMIN_ROLE.name }] }),
      member('u-bob', 'Bob Builder', { status: 'inactive', roles: [{ uuid: EDITOR_ROLE.uuid, name: EDITOR_ROLE.name }] }),
      member('u-cid', 'Cid Pending', { status: 'pending', login_at: null }),
      member('u-dan', 'Dan Banned', { status: 'banned' }),
      member('u-bot', 'Import bot', { kind: 'api', email: '' }),
    ],
    invites: [
      { uuid: 'inv-1', email: 'eve@example.com', roles: [{ uuid: EDITOR_ROLE.uuid, name: EDITOR_ROLE.name }], created_at: at, expires_at: '2024-03-08T10:00:00Z' },
    ],
    roles: [ADMIN_ROLE, EDITOR_ROLE],
    permissions: [
      'use luma-media',
      'upload luma-media',
      'create_dir luma-media',
      'delete_dir luma-media',
      'download luma-media',
      'delete luma-media',
      ...['read', 'create', 'update', 'delete', 'see', 'settings'].flatMap((verb) => [`${verb} orders`, `${verb} shop/items`]),
    ],
    apiUsers: {
      'u-bot': {
        ...member('u-bot', 'Import bot', { kind: 'api', email: '' }),
        secrets: [
          { uuid: 'sec-1', hint: 'Ab12', created_at: at, last_used_at: at, revoked_at: null },
          { uuid: 'sec-0', hint: 'Zz99', created_at: '2024-01-01T10:00:00Z', last_used_at: null, revoked_at: '2024-02-01T10:00:00Z' },
        ],
      },
    },
    workspaces: [
      { uuid: 'ws-b1', project_uuid: PROJECT, name: 'Main', environments: ['dev', 'live'], created_at: at },
    ],
    calls: [],
    fail: {},
    tokens: 0,
  };
}

/** Error bodies carry their status, like the server's ApiError. */
function json(body: unknown, status = 200): Response {
  const payload = status >= 400 && body && typeof body === 'object' ? { status, ...body } : body;
  return new Response(payload === undefined ? '' : JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
}

const roleSummary = (uuids: readonly string[]) =>
  server.roles.filter((r) => uuids.includes(r.uuid)).map((r) => ({ uuid: r.uuid, name: r.name }));

function headersOf(init?: RequestInit): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((init?.headers as Record<string, string> | undefined) ?? {})) out[k.toLowerCase()] = v;
  return out;
}

/** The next token: 'luma_' and 43 base64url characters. */
function newSecret(): ApiSecretCreated {
  server.tokens += 1;
  const token = `luma_${String(server.tokens).padStart(3, '0')}${'x'.repeat(36)}Q${server.tokens}k9`;
  return { uuid: `sec-new-${server.tokens}`, hint: token.slice(-4), created_at: at, last_used_at: null, revoked_at: null, token };
}

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  const headers = headersOf(init);
  const path = url.pathname.replace(/^\/api/, '');
  // The shell's event-bus token call (runtime/events) is not one of the screens' calls.
  if (path !== '/v1/system/eventbus/auth') server.calls.push({ method, path, body, headers });
  const forced = server.fail[`${method} ${path}`];
  if (forced) return json(forced.body, forced.status);

  const wanted = headers['x-project-uuid'];
  if (wanted && server.projects.some((p) => p.uuid === wanted)) server.currentProject = wanted;
  const current = server.projects.find((p) => p.uuid === server.currentProject) ?? null;
  let m: RegExpExecArray | null;

  // Session and shell.
  if (path === '/v1/user/claims') return json({ ProjectUUID: current?.uuid ?? null, IsAdmin: true });
  if (path === '/v1/user/model') {
    return json({
      uuid: ME, name: 'Ada Admin', email: 'ada.admin@example.com', settings: {}, billing_address: null, login_at: at,
      status: 'active', project_uuid: current?.uuid ?? null, workspace_uuid: current ? `ws-${current.uuid.slice(-2)}` : null, is_admin: true,
    });
  }
  if (path === '/v3/system/component/menu') return json([]);
  if (path === '/v1/user/role/permissions') return json({ is_admin: true, permissions: [], roles: [ADMIN_ROLE.uuid] });

  // Projects.
  if (path === '/v1/project/list') return json(server.projects);
  if (path === '/v1/project/info') return current ? json(current) : json({ message: 'noProject' }, 404);
  if (path === '/v1/project' && method === 'POST') {
    const created = project(`00000000-0000-4000-8000-0000000000c${server.projects.length}`, (body as { name: string }).name, ME);
    server.projects.push(created);
    return json(created, 201);
  }
  if ((m = /^\/v1\/project\/([^/]+)$/.exec(path)) && method === 'PUT') {
    const p = server.projects.find((x) => x.uuid === m![1])!;
    p.name = (body as { name: string }).name;
    return json(p);
  }
  if ((m = /^\/v1\/project\/([^/]+)\/(transfer|leave)$/.exec(path))) {
    const uuid = m[1];
    server.projects = server.projects.filter((p) => p.uuid !== uuid);
    if (server.currentProject === uuid) server.currentProject = server.projects[0]?.uuid ?? null;
    return json(m[2] === 'transfer' ? {} : {});
  }

  // Members and invites.
  if (path === '/v1/iam/users') return json(server.members);
  if ((m = /^\/v1\/iam\/users\/([^/]+)$/.exec(path))) {
    const uuid = decodeURIComponent(m[1]!);
    const found = server.members.find((x) => x.uuid === uuid);
    if (!found) return json({ message: 'notFound' }, 404);
    if (method === 'GET') return json(found);
    if (method === 'DELETE') {
      server.members = server.members.filter((x) => x !== found);
      return json({});
    }
    if (method === 'PUT') {
      const update = body as { status?: MemberItem['status']; role_uuids?: string[] };
      if (update.status) found.status = update.status;
      if (update.role_uuids) found.roles = roleSummary(update.role_uuids);
      return json(found);
    }
  }
  if (path === '/v1/iam/invites' && method === 'GET') return json(server.invites);
  if (path === '/v1/iam/invites' && method === 'POST') {
    const { email, role_uuids } = body as { email: string; role_uuids: string[] };
    const invite = { uuid: `inv-${server.invites.length + 1}`, email, roles: roleSummary(role_uuids), created_at: at, expires_at: at };
    server.invites.push(invite);
    return json({ ...invite, link: `http://localhost/project/invite/tok-${invite.uuid}` }, 201);
  }
  if ((m = /^\/v1\/iam\/invites\/([^/]+)$/.exec(path)) && method === 'DELETE') {
    server.invites = server.invites.filter((i) => i.uuid !== m![1]);
    return json({});
  }

  // Roles and permissions.
  if (path === '/v1/iam/permissions') return json(server.permissions);
  if (path === '/v1/iam/roles' && method === 'GET') return json(server.roles);
  if (path === '/v1/iam/roles' && method === 'POST') {
    const role = { ...(body as Omit<RoleItem, 'uuid' | 'users'>), uuid: `role-${server.roles.length + 1}`, users: 0 };
    server.roles.push(role);
    return json(role, 201);
  }
  if ((m = /^\/v1\/iam\/roles\/([^/]+)$/.exec(path))) {
    const role = server.roles.find((r) => r.uuid === m![1]);
    if (!role) return json({ message: 'notFound' }, 404);
    if (method === 'GET') return json(role);
    if (method === 'PUT') {
      Object.assign(role, body);
      return json(role);
    }
    if (method === 'DELETE') {
      server.roles = server.roles.filter((r) => r !== role);
      return json({});
    }
  }

  // API users.
  if (path === '/v1/iam/api-users' && method === 'POST') {
    const { name, role_uuids } = body as { name: string; role_uuids: string[] };
    const secret = newSecret();
    const { token: _token, ...listed } = secret;
    const user: ApiUserItem = { ...member(`u-api-${server.tokens}`, name, { kind: 'api', email: '', roles: roleSummary(role_uuids), login_at: null }), secrets: [listed] };
    server.apiUsers[user.uuid] = user;
    server.members.push(user);
    return json({ user, secret }, 201);
  }
  if ((m = /^\/v1\/iam\/api-users\/([^/]+)$/.exec(path))) {
    const user = server.apiUsers[m[1]!];
    return user ? json(user) : json({ message: 'notFound' }, 404);
  }
  if ((m = /^\/v1\/iam\/api-users\/([^/]+)\/secrets$/.exec(path)) && method === 'POST') {
    const secret = newSecret();
    const { token: _token, ...listed } = secret;
    server.apiUsers[m[1]!]!.secrets.unshift(listed);
    return json(secret, 201);
  }
  if ((m = /^\/v1\/iam\/api-users\/([^/]+)\/secrets\/([^/]+)\/revoke$/.exec(path))) {
    const secret = server.apiUsers[m[1]!]!.secrets.find((s) => s.uuid === m![2])!;
    secret.revoked_at = '2024-03-02T10:00:00Z';
    return json(secret);
  }

  // Workspaces.
  if (path === '/v1/workspace/list') return json(server.workspaces);
  if (path === '/v1/workspace' && method === 'POST') {
    const ws: WorkspaceItem = { uuid: `ws-new-${server.workspaces.length}`, project_uuid: PROJECT, name: (body as { name: string }).name, environments: ['dev', 'live'], created_at: at };
    server.workspaces.push(ws);
    return json(ws, 201);
  }
  if ((m = /^\/v1\/workspace\/([^/]+)$/.exec(path))) {
    const ws = server.workspaces.find((w) => w.uuid === m![1]);
    if (!ws) return json({ message: 'notFound' }, 404);
    if (method === 'PUT') ws.name = (body as { name: string }).name;
    return json(ws);
  }
  return json({ message: 'notFound' }, 404);
}

/** Calls other than the shell's and the guard's reads. */
/** The calls that change something: not GETs, nor the project config read (a POST, spec section 7: `POST /v1/config/get`). */
export const writes = () => server.calls.filter((c) => c.method !== 'GET' && c.path !== '/v1/config/get');

export let router: AppRouter;
export const clipboard = { writeText: vi.fn(async (_text: string) => undefined) };

beforeEach(() => {
  server = freshServer();
  toastStore.set([]);
  browserStorage.removeItem(STORAGE_KEY.projectUuid);
  browserStorage.removeItem(STORAGE_KEY.workspaceUuid);
  clipboard.writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('scrollTo', () => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Mounts the app at `path` and waits for the page's test id (when given). */
export async function mountApp(path: string, ready?: string): Promise<HTMLElement> {
  router = renderApp(path).router;
  return ready ? screen.findByTestId(ready) : document.body;
}

export const pathname = () => router.state.location.pathname;

export async function waitForPath(path: string): Promise<void> {
  await waitFor(() => {
    if (pathname() !== path) throw new Error(`at ${pathname()}, waiting for ${path}`);
  });
}
