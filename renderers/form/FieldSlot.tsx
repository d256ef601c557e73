// One field: subscribes to its own slot of the store, dispatches its renderer, applies the default at
// mount, validates on change, reports its error flag and runs the SET mutator. Hidden when not visible.
import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { FieldMessage } from '../../runtime/validation';
import type { ViewField } from '../../schemas/viewSchema.schema';
import { fieldScriptContext } from '../../runtime/environment/fieldVariables';
import { dispatch } from '../registry/dispatch';
import { useFormContext } from './FormContext';
import { TemplateField } from './TemplateField';
import { isEmptyValue } from './values';

export const FieldSlot = memo(function FieldSlot({ field }: { field: ViewField }) {
  if (!field.visible) return null;
  return field.template ? <TemplateField field={field} /> : <VisibleField field={field} />;
});

function VisibleField({ field }: { field: ViewField }) {
  const ctx = useFormContext();
  const { store, validate, reportError, runScript, scriptContext, onScriptError } = ctx;
  const key = field.key;
  const id = useId();
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  const slot = useSyncExternalStore(subscribe, () => store.slot(key), () => store.slot(key));
  const [localError, setLocalErrorState] = useState<FieldMessage | null>(null);
  // Read by onChange in the same event that set it (JSON: clear the parse error, then set the value).
  const localRef = useRef<FieldMessage | null>(null);
  const Renderer = useMemo(() => dispatch(ctx.entries, field).renderer, [ctx.entries, field]);

  // Spec section 4: a default value is applied when the field is empty at mount.
  useLayoutEffect(() => {
    if (isEmptyValue(store.value(key)) && field.defaultValue !== null && field.defaultValue !== undefined) {
      store.initialise(key, field.defaultValue);
    }
  }, [store, key, field.defaultValue]);

  const check = useCallback(
    (value: unknown) => {
      const errors = validate(field, value);
      reportError({ key, error: errors.length > 0 || localRef.current !== null });
      return errors;
    },
    [validate, reportError, field, key],
  );

  const onChange = useCallback(
    (value: unknown) => {
      store.set(key, value, check(value));
      const code = field.mutators.set;
      if (!code) return;
      void runScript({ label: `Mutator set of field ${key}`, code, args: { value, parent: store.values(), context: fieldScriptContext(scriptContext, field.variables) } }).then((result) => {
        if (!result.ok) return onScriptError(result.error);
        // A later keystroke wins over a slow mutator.
        if (store.value(key) !== value || Object.is(result.value, value)) return;
        store.set(key, result.value, check(result.value));
      });
    },
    [store, key, check, field.mutators.set, field.variables, runScript, scriptContext, onScriptError],
  );

  const setLocalError = useCallback(
    (message: FieldMessage | null) => {
      localRef.current = message;
      setLocalErrorState(message);
      reportError({ key, error: message !== null || store.slot(key).errors.length > 0 });
    },
    [reportError, key, store],
  );

  const errors = localError ? [...slot.errors, localError] : slot.errors;
  return (
    <Renderer
      field={field}
      value={slot.value}
      onChange={onChange}
      errors={errors}
      id={id}
      readOnly={ctx.readOnly || !field.editable}
      page={ctx.page}
      locale={ctx.locale}
      setLocalError={setLocalError}
    />
  );
}
