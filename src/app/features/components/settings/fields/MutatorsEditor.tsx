// Mutators (GET applied when the field is initialised, SET when it is set; the code may use value,
// parent, Lodash, moment and context) and the field's own template.
import { FormattedMessage, useIntl } from 'react-intl';
import { CodeEditor } from '../../../../components/code/CodeEditor';
import { Checkbox } from '../controls';
import type { FieldPartProps } from './FieldDialog';

export function MutatorsEditor({ draft, change }: FieldPartProps) {
  const intl = useIntl();
  const mutators = { get: draft.mutators?.get ?? null, set: draft.mutators?.set ?? null };
  const code = (v: string) => (v === '' ? null : v);
  return (
    <fieldset className="subcard" data-testid="mutators-editor">
      <legend>
        <FormattedMessage id="cmp.fields.mutators" />
      </legend>
      <p className="hint">
        <FormattedMessage id="cmp.fields.mutatorsHint" />
      </p>
      <CodeEditor language="javascript" kind="mutator" height={140} label={intl.formatMessage({ id: 'cmp.fields.mutatorGet' })} value={mutators.get ?? ''} onChange={(v) => change({ mutators: { ...mutators, get: code(v) } })} testId="mutator-get" />
      <CodeEditor language="javascript" kind="mutator" height={140} label={intl.formatMessage({ id: 'cmp.fields.mutatorSet' })} value={mutators.set ?? ''} onChange={(v) => change({ mutators: { ...mutators, set: code(v) } })} testId="mutator-set" />
      <Checkbox name="field.provided_template" label={<FormattedMessage id="cmp.fields.providedTemplate" />} checked={draft.provided_template ?? false} onChange={(provided_template) => change({ provided_template })} />
      {draft.provided_template ? (
        <CodeEditor language="javascript" kind="template" label={intl.formatMessage({ id: 'cmp.fields.template' })} value={draft.template ?? ''} onChange={(v) => change({ template: code(v) })} testId="field-template" />
      ) : null}
    </fieldset>
  );
}
