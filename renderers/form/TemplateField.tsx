// A field that provides its own template script: the sandbox runs it with value, parent and context;
// its text shows in place of the field, and a failure shows its message in a red alert.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ViewField } from '../../schemas/viewSchema.schema';
import { fieldScriptContext } from '../../runtime/environment/fieldVariables';
import { asText } from '../controls/shared/values';
import { useFormContext } from './FormContext';

type State = { status: 'running' } | { status: 'done'; text: string } | { status: 'failed'; error: string };

export function TemplateField({ field }: { field: ViewField }) {
  const { store, runScript, scriptContext } = useFormContext();
  const value = useSyncExternalStore(
    (l) => store.subscribe(field.key, l),
    () => store.value(field.key),
  );
  const [state, setState] = useState<State>({ status: 'running' });
  useEffect(() => {
    let live = true;
    void runScript({ label: `Template of field ${field.key}`, code: field.template ?? '', args: { value, parent: store.values(), context: fieldScriptContext(scriptContext, field.variables) } }).then(
      (result) => {
        if (!live) return;
        setState(result.ok ? { status: 'done', text: asText(result.value) } : { status: 'failed', error: result.error });
      },
    );
    return () => {
      live = false;
    };
  }, [field.key, field.template, field.variables, value, runScript, store, scriptContext]);

  return (
    <div className="field record-field" data-field={field.key} data-testid={`field-template-${field.key}`}>
      <span className="field-label">{field.label || field.key}</span>
      {state.status === 'failed' ? (
        <div className="callout callout-danger template-error" role="alert">
          <strong>
            <FormattedMessage id="records.templateFailed" />
          </strong>
          <pre>{state.error}</pre>
        </div>
      ) : state.status === 'done' ? (
        <div className="field-template">{state.text}</div>
      ) : (
        <div className="skeleton skeleton-line" aria-busy="true" />
      )}
    </div>
  );
}
