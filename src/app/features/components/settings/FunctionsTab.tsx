// Functions: name and code. A new name must be given and unique (checkSettingsRules); a duplicate
// shows the 'function exists' toast for 5 s. Each function has the test panel: it runs the editor's
// code (saved or not) with the editor's config, as `expression` and `config` of the function call,
// which the server allows to settings holders in dev (docs/user-code.md "Component functions").
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { checkSettingsRules } from '../../../../../runtime/components';
import { CodeEditor } from '../../../components/code/CodeEditor';
import { showToast, TOAST_MS } from '../../../../../renderers/ui/toast';
import { functionsApi } from '../../../../../runtime/client/functions';
import { FunctionTestPanel } from '../../functions/FunctionTestPanel';
import { FieldErrors, Section, type TabProps } from './controls';

/** The messages for function `index` of `functions` (name required, unique). */
function functionErrors(functions: TabProps['model']['settings']['functions'], index: number): string[] {
  return checkSettingsRules({ fields: [], actions: [], routes: {}, functions })
    .filter((e) => e.field === `functions.${index}.name`)
    .flatMap((e) => e.messages);
}

export function FunctionsTab({ model, update, errors }: TabProps) {
  const intl = useIntl();
  const functions = model.settings.functions;
  const [name, setName] = useState('');
  const [refused, setRefused] = useState<string[]>([]);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const next = [...functions, { name: name.trim(), expr: '' }];
    const found = functionErrors(next, next.length - 1);
    setRefused(found);
    if (found.includes('functionExists')) showToast('functionExists', 'danger', TOAST_MS.functionExists);
    if (found.length > 0) return;
    update((d) => void d.settings.functions.push({ name: name.trim(), expr: '' }));
    setName('');
  };

  return (
    <div className="stack">
      <Section title={<FormattedMessage id="cmp.functions.title" />}>
        <form className="row" onSubmit={add}>
          <label className="field grow">
            <span className="field-label">
              <FormattedMessage id="cmp.functions.newName" />
            </span>
            <input name="function-name" value={name} onChange={(e) => setName(e.target.value)} />
            <FieldErrors messages={refused} />
          </label>
          <button type="submit" className="button" data-testid="function-add">
            <FormattedMessage id="common.add" />
          </button>
        </form>
        {functions.length === 0 ? (
          <p className="muted">
            <FormattedMessage id="cmp.functions.empty" />
          </p>
        ) : null}
        {functions.map((fn, index) => (
          <fieldset key={index} className="subcard" data-testid="function-item">
            <legend>
              <code>{fn.name}</code>
            </legend>
            <div className="row">
              <label className="field grow">
                <span className="field-label">
                  <FormattedMessage id="cmp.name" />
                </span>
                <input name={`functions.${index}.name`} value={fn.name} onChange={(e) => update((d) => void (d.settings.functions[index]!.name = e.target.value))} />
                <FieldErrors messages={[...functionErrors(functions, index), ...(errors[`functions.${index}.name`] ?? [])]} />
              </label>
              <button type="button" className="button button-ghost danger" onClick={() => update((d) => void d.settings.functions.splice(index, 1))}>
                <FormattedMessage id="common.remove" />
              </button>
            </div>
            <CodeEditor
              language="javascript"
              label={intl.formatMessage({ id: 'cmp.functions.code' })}
              value={fn.expr ?? ''}
              onChange={(expr) => update((d) => void (d.settings.functions[index]!.expr = expr))}
            />
            <details className="function-test-details" data-testid="function-test-toggle">
              <summary>
                <FormattedMessage id="fn.test.open" />
              </summary>
              <p className="muted small">
                <FormattedMessage id="fn.test.unsaved" />
              </p>
              <FunctionTestPanel
                call={(data) =>
                  functionsApi.runComponentFunction(model.uuid, fn.name.trim() || 'test', {
                    data,
                    options: { expression: fn.expr ?? '', config: model.settings.config ?? {}, include_logs: true },
                  })
                }
              />
            </details>
          </fieldset>
        ))}
      </Section>
    </div>
  );
}
