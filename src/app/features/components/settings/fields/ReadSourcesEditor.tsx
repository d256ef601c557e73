// A field's read sources (spec section 6; docs/public-apps.md): which apps may read and write it. A
// public app uses a field only when they hold 'public-app' (every public app) or 'public-app::{name}'
// (that one app). Stored as the field's `read_sources`; none chosen leaves it out.
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { READ_SOURCE_PATTERN } from '../../../../../../schemas/fieldDefinition.schema';
import type { FieldPartProps } from './FieldDialog';

const KINDS = ['public-app', 'platform-app', 'public-api'] as const;
const PATTERN = new RegExp(READ_SOURCE_PATTERN);

export function ReadSourcesEditor({ draft, change }: FieldPartProps) {
  const id = useId();
  const sources = draft.read_sources ?? [];
  const named = sources.filter((source) => !(KINDS as readonly string[]).includes(source));
  const set = (next: string[]) => {
    const unique = [...new Set(next)];
    change({ read_sources: unique.length > 0 ? unique : undefined });
  };
  const toggle = (kind: string, on: boolean) => set(on ? [...sources, kind] : sources.filter((source) => source !== kind));
  const setNamed = (text: string) => {
    const typed = text.split(/[\s,]+/).filter((part) => part !== '');
    set([...sources.filter((source) => (KINDS as readonly string[]).includes(source)), ...typed]);
  };
  const invalid = named.filter((source) => !PATTERN.test(source));
  return (
    <fieldset className="subcard" data-testid="read-sources">
      <legend>
        <FormattedMessage id="publicApps.readSources" />
      </legend>
      <div className="multi-select">
        {KINDS.map((kind) => (
          <label key={kind}>
            <input type="checkbox" name="field.read_sources" value={kind} checked={sources.includes(kind)} onChange={(e) => toggle(kind, e.target.checked)} />
            <code>{kind}</code>
          </label>
        ))}
      </div>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          <FormattedMessage id="publicApps.readSourcesNamed" />
        </label>
        <input id={id} data-testid="read-sources-named" spellCheck={false} autoCapitalize="off" placeholder="public-app::shop" defaultValue={named.join(', ')} onBlur={(e) => setNamed(e.target.value)} aria-invalid={invalid.length > 0 || undefined} />
        {invalid.length > 0 ? (
          <p className="field-errors" role="alert">
            <FormattedMessage id="publicApps.readSourcesRule" />
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
