// A live Luma over its public HTTP API, for the kit's properties (docs/testing-kit.md): an API user's
// token (Authorization: Bearer luma_...) or a session cookie, the project environment, and the few
// calls a property needs. The form's view is compiled here as the record screens compile it
// (renderers/screens/useRecordView.ts): the component's settings and the caller's roles, from the API.
import type { ComponentModel } from '../../runtime/api/components';
import type { FieldError, RolePermissions } from '../../runtime/api/contract';
import { compileViewSchema } from '../../runtime/compile/index';
import type { CompilePage, ViewSchema } from '../../schemas/index';

export interface LumaConnection {
  /** Where Luma answers, e.g. 'http://localhost:8080' (its API is under /api). */
  url: string;
  /** An API user's secret, 'luma_...' (docs/iam.md "API users"). Either this or cookie. */
  token?: string;
  /** A session's Cookie header value ('luma_session=...'). */
  cookie?: string;
  /** The project environment the calls use; 'dev' when left out. */
  environment?: 'dev' | 'live';
  /** Another fetch (a proxy, a recorder); the global one when left out. */
  fetch?: typeof fetch;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

/** A record's 417 answer (docs/records.md "Validation"). */
export interface RefusalBody {
  status: number;
  message: string;
  errors?: FieldError[];
}

export interface LumaClient {
  readonly connection: LumaConnection;
  request<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<ApiAnswer<T>>;
  /** GET /v3/system/component/settings/{ref}: the settings of the environment's version. */
  component(ref: string): Promise<ComponentModel>;
  /** GET /v1/user/role/permissions: the caller's roles and rights. */
  permissions(): Promise<RolePermissions>;
  createRecord(ref: string, data: Record<string, unknown>): Promise<ApiAnswer<Record<string, unknown>>>;
  readRecord(ref: string, uuid: string): Promise<ApiAnswer<Record<string, unknown>>>;
  /** Writes `data` over the record at `version` (its `__version__`); fields left out keep their values. */
  updateRecord(ref: string, uuid: string, version: number, data: Record<string, unknown>): Promise<ApiAnswer<Record<string, unknown>>>;
  deleteRecord(ref: string, uuid: string): Promise<ApiAnswer>;
}

const refPath = (ref: string) => ref.split('/').map(encodeURIComponent).join('/');

/** A client of one Luma for one caller. */
export function connect(connection: LumaConnection): LumaClient {
  if (!connection.token && !connection.cookie) throw new Error('luma/testing: connect needs a token (an API user\'s secret) or a session cookie');
  const send = connection.fetch ?? fetch;
  const base = connection.url.replace(/\/+$/, '');
  const headers: Record<string, string> = { accept: 'application/json', 'x-project-env': connection.environment ?? 'dev' };
  if (connection.token) headers.authorization = `Bearer ${connection.token}`;
  else headers.cookie = connection.cookie!;

  async function request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const response = await send(`${base}/api${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
  }
  async function ok<T>(path: string): Promise<T> {
    const answer = await request<T>('GET', path);
    if (answer.status !== 200) throw new Error(`luma/testing: GET ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }
  const records = (ref: string) => `/v3/system/component/${refPath(ref)}/model`;
  return {
    connection,
    request,
    component: (ref) => ok<ComponentModel>(`/v3/system/component/settings/${refPath(ref)}`),
    permissions: () => ok<RolePermissions>('/v1/user/role/permissions'),
    createRecord: (ref, data) => request('POST', records(ref), { data }),
    readRecord: (ref, uuid) => request('GET', `${records(ref)}/${encodeURIComponent(uuid)}`),
    updateRecord: (ref, uuid, version, data) => request('POST', `${records(ref)}/${encodeURIComponent(uuid)}`, { version, data }),
    deleteRecord: (ref, uuid) => request('DELETE', `${records(ref)}/${encodeURIComponent(uuid)}`),
  };
}

/** The caller's role uuids: the answer lists them as uuids or as { uuid } (as the record screens read them). */
function roleUuids(permissions: RolePermissions): string[] {
  const roles = (permissions as { roles?: unknown }).roles;
  if (!Array.isArray(roles)) return [];
  return roles.flatMap((role) => (typeof role === 'string' ? [role] : role && typeof role === 'object' && typeof role.uuid === 'string' ? [role.uuid as string] : []));
}

/** A component's view as the record form compiles it for this caller and page (the create form by default). */
export async function formView(client: LumaClient, ref: string, page: CompilePage = 'model_create', locale: 'en_US' | 'sr' = 'en_US'): Promise<ViewSchema> {
  const [model, permissions] = await Promise.all([client.component(ref), client.permissions()]);
  return compileViewSchema(model.settings, {
    component: { uuid: model.uuid, ref: model.ref, name: model.name, label: model.label },
    locale,
    roles: roleUuids(permissions),
    isAdmin: permissions.is_admin,
    page,
  });
}
