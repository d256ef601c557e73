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
import { ItemCard, Note, Section, type TabProps } from './controls';
import { ItemNameRow, NewNameForm } from './namedItems';

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
        <NewNameForm
          label={<FormattedMessage id="cmp.functions.newName" />}
          inputName="function-name"
          testId="function-add"
          value={name}
          onChange={setName}
          onSubmit={add}
          refused={refused}
        />
        {functions.length === 0 ? <Note id="cmp.functions.empty" /> : null}
        {functions.map((fn, index) => (
          <ItemCard key={index} title={fn.name} testId="function-item">
            <ItemNameRow
              inputName={`functions.${index}.name`}
              value={fn.name}
              onChange={(value) => update((d) => void (d.settings.functions[index]!.name = value))}
              messages={[...functionErrors(functions, index), ...(errors[`functions.${index}.name`] ?? [])]}
              onRemove={() => update((d) => void d.settings.functions.splice(index, 1))}
            />
            <CodeEditor
              language="javascript"
              kind="function"
              label={intl.formatMessage({ id: 'cmp.functions.code' })}
              testId={`function-code-${index}`}
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
          </ItemCard>
        ))}
      </Section>
    </div>
  );
}
