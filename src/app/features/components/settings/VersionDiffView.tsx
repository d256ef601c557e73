// The diff of two versions on the settings screen (docs/components.md "Version diff"): its summary
// line and its list, shown in the deploy-to-live confirmation and in "Compare versions".
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { VersionDiff, VersionPropertyChange } from '../../../../../runtime/client/components';
import { versionDiffSummary } from '../../../../../runtime/components';
import { componentVersionDiffQueryOptions } from '../../../../../renderers/data/components';
import { FormError } from '../formParts';
import { Section, WrapField } from './controls';
import { VersionFatePanel } from './VersionFateView';

/** The summary line in the reader's language ("2 fields added, 1 constraint tightened"). */
export function useDiffSummary(): (diff: VersionDiff) => string {
  const intl = useIntl();
  return (diff) => versionDiffSummary(diff.summary, (key, values) => intl.formatMessage({ id: key }, values));
}

const shown = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value));

function ChangeLine({ change }: { change: VersionPropertyChange }) {
  return (
    <li>
      <code>{change.property}</code>: <span className="mono">{shown(change.from)}</span> → <span className="mono">{shown(change.to)}</span>
      {change.effect ? (
        <>
          {' '}
          <span className={`diff-effect diff-${change.effect}`}>
            <FormattedMessage id={`cmp.diff.${change.effect}`} />
          </span>
        </>
      ) : null}
    </li>
  );
}

interface Entry {
  id: string;
  text: string;
  values: Record<string, string>;
  changes?: VersionPropertyChange[];
}

/** Every line of the list, in the diff's own order: fields, presets, actions, functions, events, settings. */
function entriesOf(diff: VersionDiff): Entry[] {
  const out: Entry[] = [];
  for (const field of diff.fields.added) out.push({ id: `fa-${field.key}`, text: 'cmp.diff.fieldAdded', values: { name: field.key } });
  for (const field of diff.fields.removed) out.push({ id: `fr-${field.key}`, text: 'cmp.diff.fieldRemoved', values: { name: field.key } });
  for (const field of diff.fields.changed) out.push({ id: `fc-${field.key}`, text: 'cmp.diff.fieldChanged', values: { name: field.key }, changes: field.changes });
  for (const part of ['presets', 'actions', 'functions'] as const) {
    const list = diff[part];
    for (const item of list.added) out.push({ id: `${part}a-${item.name}`, text: `cmp.diff.${part}.added`, values: { name: item.name } });
    for (const item of list.removed) out.push({ id: `${part}r-${item.name}`, text: `cmp.diff.${part}.removed`, values: { name: item.name } });
    for (const item of list.changed) out.push({ id: `${part}c-${item.name}`, text: `cmp.diff.${part}.changed`, values: { name: item.name }, changes: item.changes });
  }
  for (const event of diff.events.added) out.push({ id: `ea-${event}`, text: 'cmp.diff.eventAdded', values: { name: event } });
  for (const event of diff.events.removed) out.push({ id: `er-${event}`, text: 'cmp.diff.eventRemoved', values: { name: event } });
  const settings = [...diff.appearance, ...diff.config, ...diff.other];
  if (settings.length > 0) out.push({ id: 'settings', text: 'cmp.diff.settings', values: {}, changes: settings });
  return out;
}

/** The diff's list: one item per field, preset, action, function or event, with its changed properties. */
export function DiffList({ diff }: { diff: VersionDiff }) {
  const entries = entriesOf(diff);
  if (entries.length === 0) return null;
  return (
    <ul className="diff-list" data-testid="diff-list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <FormattedMessage id={entry.text} values={entry.values} />
          {entry.changes ? (
            <ul>
              {entry.changes.map((change) => (
                <ChangeLine key={change.property} change={change} />
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The diff of `from` (null: what is live) to `to`, fetched; its summary and list, or why not. */
export function VersionDiffPanel({ componentRef, from, to, line }: { componentRef: string; from: string | null; to: string; line?: (summary: string) => string }) {
  const query = useQuery(componentVersionDiffQueryOptions(componentRef, from, to));
  const summary = useDiffSummary();
  if (query.error) return <FormError message={query.error.message} testId="diff-error" />;
  if (!query.data) {
    return (
      <p className="muted" role="status">
        <FormattedMessage id="common.loading" />
      </p>
    );
  }
  const text = summary(query.data);
  return (
    <div className="version-diff" data-testid="version-diff">
      <p data-testid="diff-summary">
        <strong>{line ? line(text) : text}</strong>
      </p>
      {query.data.fate ? <VersionFatePanel fate={query.data.fate} /> : null}
      <DiffList diff={query.data} />
    </div>
  );
}

function VersionSelect({ label, testId, versions, value, onChange }: { label: string; testId: string; versions: string[]; value: string; onChange: (version: string) => void }) {
  return (
    <WrapField label={<FormattedMessage id={label} />}>
      <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
        {versions.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
    </WrapField>
  );
}

/** "Compare versions": any two versions of the component, on demand. */
export function CompareVersions({ componentRef, versions, current }: { componentRef: string; versions: string[]; current: string }) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(versions.find((name) => name !== current) ?? current);
  const [to, setTo] = useState(current);
  return (
    <Section title={<FormattedMessage id="cmp.diff.compare" />}>
      {open ? (
        <>
          <div className="diff-pickers">
            <VersionSelect label="cmp.diff.from" testId="diff-from" versions={versions} value={from} onChange={setFrom} />
            <VersionSelect label="cmp.diff.to" testId="diff-to" versions={versions} value={to} onChange={setTo} />
          </div>
          <VersionDiffPanel componentRef={componentRef} from={from} to={to} />
        </>
      ) : (
        <button type="button" className="button" data-testid="compare-versions" onClick={() => setOpen(true)}>
          <FormattedMessage id="cmp.diff.compare" />
        </button>
      )}
    </Section>
  );
}
