// /admin/scout/api (issue 17 section 6): the project's API call log, newest first. Filters and the
// page's cursor live in the URL; a row opens /admin/scout/api/inspect?id=. The settings (on/off,
// bodies, retention) fold open above the list. Admins only (the server answers 403 otherwise).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LOG_METHODS, STATUS_CLASSES, type ApiCallItem, type ApiLogListQuery, type ApiLogSettings } from '../../../../runtime/api/apiLog';
import { apiLogApi } from '../../../../runtime/client/apiLog';
import { apiCallsQueryOptions, apiLogKeys, apiLogSettingsQueryOptions } from '../../../../renderers/data/apiLog';
import { RefreshCw, Settings } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { CursorPager } from '../../components/list/Pager';
import { LoadError, Loading } from '../../components/LoadState';
import { formatTime, useUserTimeZone } from '../../lib/userTime';
import { StatusBadge } from './shared';
import './scout-api.css';
import { toLocalInput } from '../../lib/datetimeLocal';

type Search = { method?: string; status?: string; path?: string; caller?: string; from?: string; to?: string; order?: string; cursor?: string };
const KEYS = ['method', 'status', 'path', 'caller', 'from', 'to', 'order', 'cursor'] as const;

function SettingsPanel() {
  const intl = useIntl();
  const client = useQueryClient();
  const loaded = useQuery(apiLogSettingsQueryOptions());
  const [form, setForm] = useState<ApiLogSettings | null>(null);
  useEffect(() => {
    if (loaded.data) setForm(loaded.data);
  }, [loaded.data]);
  const save = useMutation({
    mutationFn: (body: ApiLogSettings) => apiLogApi.saveSettings(body),
    onSuccess: (saved) => client.setQueryData(apiLogKeys.settings, saved),
  });
  if (loaded.isPending || !form) return loaded.isError ? <LoadError error={loaded.error} /> : <Loading />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };
  return (
    <form className="card scout-api-settings" data-testid="scout-api-settings" onSubmit={submit}>
      <label className="checkbox">
        <input type="checkbox" data-testid="scout-api-enabled" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} /> <FormattedMessage id="scoutApi.enabled" />
      </label>
      <label className="checkbox">
        <input type="checkbox" data-testid="scout-api-bodies" checked={form.bodies} onChange={(e) => setForm({ ...form, bodies: e.target.checked })} /> <FormattedMessage id="scoutApi.bodies" />
      </label>
      <div className="field">
        <label className="field-label" htmlFor="scout-api-retention">
          <FormattedMessage id="scoutApi.retention" />
        </label>
        <input id="scout-api-retention" data-testid="scout-api-retention" type="number" min={1} max={90} value={form.retention_days} onChange={(e) => setForm({ ...form, retention_days: Number(e.target.value) })} />
      </div>
      <div className="row">
        <button type="submit" className="button button-primary button-small" disabled={save.isPending}>
          <FormattedMessage id="scoutApi.save" />
        </button>
        {save.isSuccess ? (
          <span className="muted" role="status">
            {intl.formatMessage({ id: 'scoutApi.saved' })}
          </span>
        ) : null}
      </div>
      {save.isError ? <LoadError error={save.error} /> : null}
    </form>
  );
}

/** Who made the call: their name (an API user marked), a removed caller's uuid with a note, or nobody. */
function CallerCell({ call, onFilter }: { call: ApiCallItem; onFilter: (caller: string) => void }) {
  const intl = useIntl();
  if (!call.caller_uuid) return <>–</>;
  const uuid = call.caller_uuid;
  return (
    <button type="button" className="link-button" title={uuid} data-testid="scout-api-caller-name" onClick={() => onFilter(uuid)}>
      {call.caller_name ? (
        <>
          {call.caller_name}
          {call.caller_kind === 'api' ? ` (${intl.formatMessage({ id: 'scoutApi.callerApi' })})` : ''}
        </>
      ) : (
        <>
          …{uuid.slice(-8)} ({intl.formatMessage({ id: 'scoutApi.callerGone' })})
        </>
      )}
    </button>
  );
}

function useCallColumns(filter: (patch: Partial<Search>) => void): ListColumn<ApiCallItem>[] {
  const intl = useIntl();
  const timeZone = useUserTimeZone();
  return [
    {
      id: 'time',
      header: 'scoutApi.time',
      cellClassName: 'scout-api-time',
      cell: (call) => (
        <AppLink href={`/admin/scout/api/inspect?id=${call.uuid}`} data-testid="scout-api-inspect">
          {formatTime(call.created_at, intl.locale, timeZone, 'short')}
        </AppLink>
      ),
    },
    { id: 'method', header: 'scoutApi.method', cell: (call) => <code>{call.method}</code> },
    { id: 'path', header: 'scoutApi.path', cellClassName: 'scout-api-path', cell: (call) => <code title={call.path}>{call.path}</code> },
    { id: 'status', header: 'scoutApi.status', cell: (call) => <StatusBadge status={call.status} /> },
    {
      id: 'duration',
      header: 'scoutApi.duration',
      cellClassName: 'scout-api-num',
      cell: (call) => intl.formatMessage({ id: 'scoutApi.ms' }, { ms: intl.formatNumber(call.duration_ms, { maximumFractionDigits: 1 }) }),
    },
    { id: 'caller', header: 'scoutApi.caller', cellClassName: 'muted', cell: (call) => <CallerCell call={call} onFilter={(caller) => filter({ caller })} /> },
  ];
}

/** The filters, each a search parameter: a change starts again from the first page. */
function Filters({ search, filter }: { search: Search; filter: (patch: Partial<Search>) => void }) {
  const intl = useIntl();
  const field = (key: keyof Search, label: string, control: ReactNode) => (
    <div className="field">
      <label className="field-label" htmlFor={`scout-api-${key}`}>
        <FormattedMessage id={label} />
      </label>
      {control}
    </div>
  );
  const select = (key: 'method' | 'status' | 'order', label: string, options: readonly { value: string; label: string }[], all = true) =>
    field(
      key,
      label,
      <select id={`scout-api-${key}`} data-testid={`scout-api-${key}`} value={String(search[key] ?? '')} onChange={(e) => filter({ [key]: e.target.value || undefined })}>
        {all ? <option value="">{intl.formatMessage({ id: 'scoutApi.all' })}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>,
    );
  const text = (key: 'path' | 'caller', label: string) =>
    field(
      key,
      label,
      <input id={`scout-api-${key}`} data-testid={`scout-api-${key}`} defaultValue={search[key] ?? ''} onBlur={(e) => filter({ [key]: e.target.value.trim() || undefined })} onKeyDown={(e) => (e.key === 'Enter' ? filter({ [key]: e.currentTarget.value.trim() || undefined }) : undefined)} />,
    );
  const time = (key: 'from' | 'to', label: string) =>
    field(
      key,
      label,
      <input
        id={`scout-api-${key}`}
        data-testid={`scout-api-${key}`}
        type="datetime-local"
        defaultValue={search[key] ? toLocalInput(new Date(search[key]!)) : ''}
        onChange={(e) => filter({ [key]: e.target.value ? new Date(e.target.value).toISOString() : undefined })}
      />,
    );
  return (
    <div className="scout-api-filters">
      {select('method', 'scoutApi.method', LOG_METHODS.map((m) => ({ value: m, label: m })))}
      {select('status', 'scoutApi.status', STATUS_CLASSES.map((s) => ({ value: s, label: s })))}
      {text('path', 'scoutApi.pathPrefix')}
      {text('caller', 'scoutApi.caller')}
      {time('from', 'scoutApi.from')}
      {time('to', 'scoutApi.to')}
      {select(
        'order',
        'scoutApi.order',
        [
          { value: '', label: intl.formatMessage({ id: 'scoutApi.newestFirst' }) },
          { value: 'asc', label: intl.formatMessage({ id: 'scoutApi.oldestFirst' }) },
        ],
        false,
      )}
    </div>
  );
}

export function ApiLogPage() {
  const search = useSearch({ strict: false }) as Search;
  const navigate = useNavigate();
  const [showSettings, setShowSettings] = useState(false);
  const query: ApiLogListQuery = Object.fromEntries(KEYS.filter((key) => search[key]).map((key) => [key, String(search[key])]));
  const calls = useQuery(apiCallsQueryOptions(query));
  const setSearch = (patch: Partial<Search>) =>
    void navigate({ to: '/admin/scout/api', replace: true, search: (current: Record<string, unknown>) => Object.fromEntries(Object.entries({ ...current, ...patch }).filter(([, v]) => v !== undefined && v !== '')) } as never);
  const filter = (patch: Partial<Search>) => setSearch({ ...patch, cursor: undefined });
  const columns = useCallColumns(filter);
  return (
    <ListPage
      title="scoutApi.title"
      pageClassName="scout-api"
      pageTestId="scout-api-page"
      actions={
        <>
          <button type="button" className="button button-small" data-testid="scout-api-refresh" onClick={() => void calls.refetch()}>
            <RefreshCw aria-hidden="true" /> <FormattedMessage id="scoutApi.refresh" />
          </button>
          <button type="button" className="button button-small" data-testid="scout-api-settings-toggle" aria-expanded={showSettings} onClick={() => setShowSettings(!showSettings)}>
            <Settings aria-hidden="true" /> <FormattedMessage id="scoutApi.settings" />
          </button>
        </>
      }
      intro={
        <>
          {showSettings ? <SettingsPanel /> : null}
          <Filters search={search} filter={filter} />
        </>
      }
      query={calls}
      rows={calls.data?.items}
      columns={columns}
      rowTestId="scout-api-row"
      tableClassName="scout-api-table"
      empty={{ testId: 'scout-api-empty', title: 'scoutApi.none', hint: 'scoutApi.noneHint' }}
      paging={
        <CursorPager
          first={{ label: 'scoutApi.first', testId: 'scout-api-first', disabled: !search.cursor, onPress: () => setSearch({ cursor: undefined }) }}
          next={{ label: search.order === 'asc' ? 'scoutApi.moreAsc' : 'scoutApi.more', testId: 'scout-api-next', disabled: !calls.data?.next, onPress: () => setSearch({ cursor: calls.data?.next ?? undefined }) }}
        />
      }
    />
  );
}
