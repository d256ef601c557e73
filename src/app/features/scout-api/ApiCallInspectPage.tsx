// /admin/scout/api/inspect?id= (issue 17 section 6): one logged API call, every field, the bodies
// pretty-printed when the project kept them (already redacted by the server), the request id copyable.
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { apiCallQueryOptions } from '../../../../renderers/data/apiLog';
import { Copy } from '../../../../renderers/ui/icons';
import { AppLink } from '../../components/AppLink';
import { LoadError, Loading } from '../../components/LoadState';
import { formatTime, useUserTimeZone } from '../../lib/userTime';
import { StatusBadge } from './shared';
import './scout-api.css';

function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function CopyButton({ value }: { value: string }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button-small"
      data-testid="scout-api-copy"
      onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true), () => undefined)}
    >
      <Copy aria-hidden="true" /> {intl.formatMessage({ id: copied ? 'scoutApi.copied' : 'scoutApi.copy' })}
    </button>
  );
}

function Body({ title, text, testId }: { title: string; text: string | null; testId: string }) {
  return (
    <section className="card scout-api-body">
      <h2>
        <FormattedMessage id={title} />
      </h2>
      {text === null ? (
        <p className="muted">
          <FormattedMessage id="scoutApi.bodyNotKept" />
        </p>
      ) : (
        <pre data-testid={testId}>{pretty(text)}</pre>
      )}
    </section>
  );
}

export function ApiCallInspectPage() {
  const intl = useIntl();
  const timeZone = useUserTimeZone();
  const search = useSearch({ strict: false }) as { id?: string };
  const id = typeof search.id === 'string' ? search.id : '';
  const call = useQuery({ ...apiCallQueryOptions(id), enabled: id !== '' });
  const row = (label: string, value: ReactNode, testId?: string) => (
    <div className="scout-api-field">
      <dt>
        <FormattedMessage id={label} />
      </dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <div className="page scout-api" data-testid="scout-api-inspect-page">
      <header className="scout-api-header">
        <h1>
          <FormattedMessage id="scoutApi.inspectTitle" />
        </h1>
        <AppLink href="/admin/scout/api" className="button button-small">
          <FormattedMessage id="scoutApi.back" />
        </AppLink>
      </header>
      {id === '' ? (
        <p className="form-error" role="alert">
          {intl.formatMessage({ id: 'notFound' })}
        </p>
      ) : call.isPending ? (
        <Loading />
      ) : call.isError ? (
        <LoadError error={call.error} />
      ) : (
        <>
          <dl className="card scout-api-fields">
            {row('scoutApi.time', formatTime(call.data.created_at, intl.locale, timeZone, 'short'))}
            {row('scoutApi.method', <code>{call.data.method}</code>, 'scout-api-method')}
            {row('scoutApi.path', <code className="scout-api-wrap">{call.data.path}</code>, 'scout-api-path')}
            {row('scoutApi.status', <StatusBadge status={call.data.status} />)}
            {row('scoutApi.duration', intl.formatMessage({ id: 'scoutApi.ms' }, { ms: intl.formatNumber(call.data.duration_ms, { maximumFractionDigits: 2 }) }))}
            {row(
              'scoutApi.caller',
              call.data.caller_uuid ? (
                <span>
                  {call.data.caller_name ?? <span className="muted">({intl.formatMessage({ id: 'scoutApi.callerGone' })})</span>} <code className="scout-api-wrap muted">{call.data.caller_uuid}</code>
                </span>
              ) : (
                '–'
              ),
              'scout-api-caller-name',
            )}
            {row('scoutApi.callerKind', call.data.caller_kind === 'api' ? intl.formatMessage({ id: 'scoutApi.callerApi' }) : call.data.caller_kind === 'user' ? intl.formatMessage({ id: 'scoutApi.callerUser' }) : '–')}
            {row(
              'scoutApi.requestUuid',
              <span className="row">
                <code className="scout-api-wrap" data-testid="scout-api-request-uuid">
                  {call.data.request_uuid}
                </code>
                <CopyButton value={call.data.request_uuid} />
              </span>,
            )}
            {row('scoutApi.uuid', <code className="scout-api-wrap">{call.data.uuid}</code>)}
          </dl>
          <Body title="scoutApi.requestBody" text={call.data.request_body} testId="scout-api-request-body" />
          <Body title="scoutApi.responseBody" text={call.data.response_body} testId="scout-api-response-body" />
        </>
      )}
    </div>
  );
}
