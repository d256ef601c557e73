// Scout's event log (issue 17 section 6, docs/scout-events.md): /admin/scout/events (the list: filters
// and the keyset cursor in the URL, times in the user's time zone), /admin/scout/events/$id (one
// event, its payload, a link to its record while it exists) and /admin/scout/events/settings (the
// kinds kept and the retention, admins only on the server).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EVENT_KINDS, type EventKind } from '../../../../runtime/api/scout-events';
import type { EventItem, EventListQuery } from '../../../../runtime/client/scoutEvents';
import { scoutEventsApi } from '../../../../runtime/client/scoutEvents';
import { recordsApi } from '../../../../runtime/client/records';
import { componentsQueryOptions } from '../../../../renderers/data/components';
import { componentLabel } from '../../../../renderers/ui/componentLabel';
import { localeStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { scoutEventKeys, scoutEventQueryOptions, scoutEventSettingsQueryOptions, scoutEventsQueryOptions } from '../../../../renderers/data/scoutEvents';
import { Message } from '../../../../renderers/ui/Message';
import { showToast } from '../../../../renderers/ui/toast';
import { AppLink } from '../../components/AppLink';
import type { ListColumn } from '../../components/list/AdminTable';
import { ListPage } from '../../components/list/ListPage';
import { CursorPager } from '../../components/list/Pager';
import { LoadError, Loading } from '../../components/LoadState';
import { PageHeader } from '../../components/PageHeader';
import { FailureText, failureOf, fieldMessages, type Failure, NO_FAILURE } from '../../components/form/failure';
import { formatTime, useUserTimeZone } from '../../lib/userTime';
import './scout.css';

type Search = { topic?: string; kind?: string; actor?: string; from?: string; to?: string; sort?: string; before?: string };

/**
 * An event's component by its label (Scout is for admins, who may read the components list), else its
 * ref from the topic (a component removed since). `label` alone answers null for one not found.
 */
function useComponentName(): { name: (uuid: string, topic: string) => string; label: (uuid: string | null) => string | null } {
  const components = useQuery(componentsQueryOptions()).data;
  const locale = useStore(localeStore);
  const label = (uuid: string | null) => {
    const found = uuid === null ? undefined : components?.find((component) => component.uuid === uuid);
    return found ? componentLabel(found, locale) : null;
  };
  return { name: (uuid, topic) => label(uuid) ?? topicArea(topic), label };
}

/**
 * The topic with its component's label for the area (a uuid or scope/name says little): "Orders" and
 * then ".create.dev"; the raw topic stays as the title. A topic of no known component is shown as is.
 */
function TopicCell({ topic, label }: { topic: string; label: string | null }) {
  if (label === null) return <code data-testid="scout-ev-topic-cell">{topic}</code>;
  return (
    <span title={topic} data-testid="scout-ev-topic-cell">
      {label}
      <code>{topic.slice(topicArea(topic).length)}</code>
    </span>
  );
}

/** '{area}.{action}.{env}': the component's ref is the area (it may contain a '/'). */
export function topicArea(topic: string): string {
  const parts = topic.split('.');
  return parts.slice(0, Math.max(1, parts.length - 2)).join('.');
}

const short = (uuid: string | null) => (uuid ? `…${uuid.slice(-8)}` : '');

/** Who caused an event: the name the server read with it; a removed user's uuid with a note; the system. */
function ActorCell({ actor, name }: { actor: string | null; name: string | null }) {
  if (!actor) return <span className="muted"><FormattedMessage id="scoutEvents.system" /></span>;
  if (name) return <span title={actor} data-testid="scout-ev-actor">{name}</span>;
  return (
    <span data-testid="scout-ev-actor">
      <code title={actor}>{short(actor)}</code>{' '}
      <span className="muted">(<FormattedMessage id="scoutEvents.actorGone" />)</span>
    </span>
  );
}

type SetSearch = (patch: Partial<Search>) => void;

/** Topic, actor and the time range apply together (the form's submit); kind and sort at once. */
function EventFilters({ search, setSearch }: { search: Search; setSearch: SetSearch }) {
  const intl = useIntl();
  const [draft, setDraft] = useState({ topic: search.topic ?? '', actor: search.actor ?? '', from: search.from ?? '', to: search.to ?? '' });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ topic: draft.topic.trim() || undefined, actor: draft.actor.trim() || undefined, from: draft.from || undefined, to: draft.to || undefined, before: undefined });
  };
  const input = (key: 'topic' | 'actor' | 'from' | 'to', type = 'text') => (
    <div className="field">
      <label className="field-label" htmlFor={`scout-ev-${key}`}>
        <FormattedMessage id={`scoutEvents.${key}`} />
      </label>
      <input id={`scout-ev-${key}`} data-testid={`scout-ev-${key}`} type={type} value={draft[key]} onChange={(e) => setDraft({ ...draft, [key]: e.target.value })} />
    </div>
  );
  return (
    <form className="scout-filters" onSubmit={apply} aria-label={intl.formatMessage({ id: 'scoutEvents.title' })}>
      {input('topic')}
      <div className="field">
        <label className="field-label" htmlFor="scout-ev-kind">
          <FormattedMessage id="scoutEvents.kind" />
        </label>
        <select id="scout-ev-kind" data-testid="scout-ev-kind" value={search.kind ?? ''} onChange={(e) => setSearch({ kind: e.target.value || undefined, before: undefined })}>
          <option value="">{intl.formatMessage({ id: 'scoutEvents.all' })}</option>
          {EVENT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {intl.formatMessage({ id: `scoutEvents.kind.${kind}` })}
            </option>
          ))}
        </select>
      </div>
      {input('actor')}
      {input('from', 'datetime-local')}
      {input('to', 'datetime-local')}
      <div className="field">
        <label className="field-label" htmlFor="scout-ev-sort">
          <FormattedMessage id="scoutEvents.sort" />
        </label>
        <select id="scout-ev-sort" data-testid="scout-ev-sort" value={search.sort === 'created_at' ? 'created_at' : ''} onChange={(e) => setSearch({ sort: e.target.value || undefined, before: undefined })}>
          <option value="">{intl.formatMessage({ id: 'scoutEvents.newest' })}</option>
          <option value="created_at">{intl.formatMessage({ id: 'scoutEvents.oldest' })}</option>
        </select>
      </div>
      <button type="submit" className="button button-small scout-apply" data-testid="scout-ev-apply">
        <FormattedMessage id="scoutEvents.apply" />
      </button>
    </form>
  );
}

function useEventColumns(): ListColumn<EventItem>[] {
  const intl = useIntl();
  const zone = useUserTimeZone();
  const component = useComponentName();
  return [
    {
      id: 'time',
      header: 'scoutEvents.time',
      cellClassName: 'scout-nowrap',
      cell: (item) => <AppLink href={`/admin/scout/events/${item.uuid}`}>{formatTime(item.created_at, intl.locale, zone)}</AppLink>,
    },
    { id: 'topic', header: 'scoutEvents.topic', cell: (item) => <TopicCell topic={item.topic} label={component.label(item.component_uuid)} /> },
    { id: 'actor', header: 'scoutEvents.actor', cell: (item) => <ActorCell actor={item.actor} name={item.actor_name} /> },
    { id: 'component', header: 'scoutEvents.component', cell: (item) => (item.component_uuid ? component.name(item.component_uuid, item.topic) : '') },
    { id: 'record', header: 'scoutEvents.record', cellClassName: 'muted', cell: (item) => short(item.record_uuid) },
  ];
}

function EventsScreen() {
  const search = useSearch({ strict: false }) as Search;
  const navigate = useNavigate();
  const query: EventListQuery = {
    limit: 25,
    ...(search.topic ? { topic: search.topic } : {}),
    ...(search.kind ? { kind: search.kind } : {}),
    ...(search.actor ? { actor: search.actor } : {}),
    ...(search.from ? { from: new Date(search.from).toISOString() } : {}),
    ...(search.to ? { to: new Date(search.to).toISOString() } : {}),
    ...(search.sort === 'created_at' ? { sort: 'created_at' as const } : {}),
    ...(search.before ? { before: search.before } : {}),
  };
  const events = useQuery(scoutEventsQueryOptions(query));
  const columns = useEventColumns();
  const setSearch: SetSearch = (patch) =>
    void navigate({ to: '/admin/scout/events', replace: true, search: (current: Record<string, unknown>) => Object.fromEntries(Object.entries({ ...current, ...patch }).filter(([, v]) => v !== undefined && v !== '')) } as never);
  return (
    <ListPage
      title="scoutEvents.title"
      pageClassName="scout-events"
      pageTestId="scout-events-page"
      actions={
        <AppLink className="button button-small" href="/admin/scout/events/settings" data-testid="scout-ev-settings-link">
          <FormattedMessage id="scoutEvents.settings" />
        </AppLink>
      }
      intro={<EventFilters search={search} setSearch={setSearch} />}
      query={events}
      rows={events.data?.items}
      columns={columns}
      rowTestId="scout-ev-row"
      tableClassName="scout-table"
      empty={{ testId: 'scout-ev-empty', title: 'scoutEvents.none', hint: 'scoutEvents.noneHint' }}
      paging={
        <CursorPager
          first={{ label: 'scoutEvents.first', disabled: !search.before, onPress: () => setSearch({ before: undefined }) }}
          next={{ label: 'scoutEvents.next', testId: 'scout-ev-next', disabled: !events.data?.next, onPress: () => setSearch({ before: events.data?.next ?? undefined }) }}
        />
      }
    />
  );
}

function RecordLink({ event }: { event: EventItem }) {
  const area = topicArea(event.topic);
  const uuid = event.record_uuid!;
  const record = useQuery({ queryKey: ['scoutEvents', 'record', area, uuid], queryFn: ({ signal }) => recordsApi.get(area, uuid, signal), retry: false });
  if (record.isPending) return null;
  if (record.isError)
    return (
      <p className="muted" data-testid="scout-ev-record-gone">
        <FormattedMessage id="scoutEvents.recordGone" />
      </p>
    );
  return (
    <AppLink className="button button-small" href={`/admin/component/${area}/edit/${uuid}`} data-testid="scout-ev-record-link">
      <FormattedMessage id="scoutEvents.openRecord" />
    </AppLink>
  );
}

function EventScreen() {
  const intl = useIntl();
  const zone = useUserTimeZone();
  const { id } = useParams({ strict: false }) as { id: string };
  const event = useQuery(scoutEventQueryOptions(id));
  const componentName = useComponentName().name;
  return (
    <div className="page scout-events" data-testid="scout-event-page">
      <PageHeader title={<FormattedMessage id="scoutEvents.detail" />}>
        <AppLink className="button button-ghost" href="/admin/scout/events">
          <FormattedMessage id="scoutEvents.back" />
        </AppLink>
      </PageHeader>
      {event.isPending ? (
        <Loading />
      ) : event.isError ? (
        <LoadError error={event.error} />
      ) : (
        <section className="card scout-event">
          <dl className="scout-facts">
            <dt><FormattedMessage id="scoutEvents.topic" /></dt>
            <dd><code data-testid="scout-ev-topic">{event.data.topic}</code></dd>
            <dt><FormattedMessage id="scoutEvents.time" /></dt>
            <dd>{formatTime(event.data.created_at, intl.locale, zone)}</dd>
            <dt><FormattedMessage id="scoutEvents.actor" /></dt>
            <dd data-testid="scout-ev-actor">
              {!event.data.actor ? (
                <FormattedMessage id="scoutEvents.system" />
              ) : event.data.actor_name ? (
                <>
                  {event.data.actor_name} <code className="muted">{event.data.actor}</code>
                </>
              ) : (
                <>
                  <code>{event.data.actor}</code> <span className="muted">(<FormattedMessage id="scoutEvents.actorGone" />)</span>
                </>
              )}
            </dd>
            <dt><FormattedMessage id="scoutEvents.env" /></dt>
            <dd>{event.data.env}</dd>
            {event.data.component_uuid ? (
              <>
                <dt><FormattedMessage id="scoutEvents.component" /></dt>
                <dd>{componentName(event.data.component_uuid, event.data.topic)}</dd>
              </>
            ) : null}
            {event.data.record_uuid ? (
              <>
                <dt><FormattedMessage id="scoutEvents.record" /></dt>
                <dd>
                  <code>{event.data.record_uuid}</code> <RecordLink event={event.data} />
                </dd>
              </>
            ) : null}
          </dl>
          <h2><FormattedMessage id="scoutEvents.payload" /></h2>
          <pre className="scout-json" data-testid="scout-ev-payload">{JSON.stringify(event.data.payload, null, 2)}</pre>
        </section>
      )}
    </div>
  );
}

function SettingsForm({ initial }: { initial: { kinds: EventKind[]; retention_days: number } }) {
  const queryClient = useQueryClient();
  const [kinds, setKinds] = useState<EventKind[]>(initial.kinds);
  const [days, setDays] = useState(String(initial.retention_days));
  const [failure, setFailure] = useState<Failure>(NO_FAILURE);
  const [local, setLocal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => scoutEventsApi.saveSettings({ kinds, retention_days: Number(days) }),
    onSuccess: async (saved) => {
      setFailure(NO_FAILURE);
      queryClient.setQueryData(scoutEventKeys.settings, saved);
      await queryClient.invalidateQueries({ queryKey: scoutEventKeys.all });
      showToast('scoutEvents.saved', 'success');
    },
    onError: (error) => setFailure(failureOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const n = Number(days);
    if (!/^\d+$/.test(days.trim()) || n < 1 || n > 3650) return setLocal('scoutEventsInvalidDays');
    setLocal(null);
    save.mutate();
  };
  const dayErrors = [...(local ? [local] : []), ...(fieldMessages(failure.fields, 'retention_days') ?? [])];
  return (
    <form className="card scout-settings" onSubmit={submit} noValidate data-testid="scout-ev-settings-form">
      <p className="muted"><FormattedMessage id="scoutEvents.settingsIntro" /></p>
      <fieldset>
        <legend><FormattedMessage id="scoutEvents.kinds" /></legend>
        {EVENT_KINDS.map((kind) => (
          <label key={kind} className="scout-check">
            <input type="checkbox" data-testid={`scout-ev-kind-${kind}`} checked={kinds.includes(kind)} onChange={(e) => setKinds(e.target.checked ? EVENT_KINDS.filter((k) => k === kind || kinds.includes(k)) : kinds.filter((k) => k !== kind))} />
            <FormattedMessage id={`scoutEvents.kind.${kind}`} />
          </label>
        ))}
        {(fieldMessages(failure.fields, 'kinds') ?? []).map((message) => (
          <p key={message} className="form-error" role="alert"><Message value={message} /></p>
        ))}
      </fieldset>
      <div className="field">
        <label className="field-label" htmlFor="scout-ev-days"><FormattedMessage id="scoutEvents.retention" /></label>
        <input id="scout-ev-days" data-testid="scout-ev-days" inputMode="numeric" value={days} aria-invalid={dayErrors.length > 0} onChange={(e) => setDays(e.target.value)} />
        {dayErrors.map((message) => (
          <p key={message} className="form-error" role="alert" data-testid="scout-ev-days-error"><Message value={message} /></p>
        ))}
      </div>
      <FailureText message={Object.keys(failure.fields).length > 0 ? null : failure.message} />
      <button type="submit" className="button button-primary" data-testid="scout-ev-save" disabled={save.isPending}>
        <FormattedMessage id="scoutEvents.save" />
      </button>
    </form>
  );
}

function SettingsScreen() {
  const settings = useQuery(scoutEventSettingsQueryOptions());
  return (
    <div className="page scout-events" data-testid="scout-settings-page">
      <PageHeader title={<FormattedMessage id="scoutEvents.settingsTitle" />}>
        <AppLink className="button button-ghost" href="/admin/scout/events">
          <FormattedMessage id="scoutEvents.back" />
        </AppLink>
      </PageHeader>
      {settings.isPending ? <Loading /> : settings.isError ? <LoadError error={settings.error} /> : <SettingsForm initial={settings.data} />}
    </div>
  );
}

export function ScoutEventsPage() {
  return <EventsScreen />;
}
export function ScoutEventPage() {
  return <EventScreen />;
}
export function ScoutEventSettingsPage() {
  return <SettingsScreen />;
}
