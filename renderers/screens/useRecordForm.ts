// The form core both controllers share: a store per loaded record, per-field validation and error
// flags, whole-form validation before a save, server field errors, the GET mutators and the payload.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { FieldError } from '../../runtime/api/contract';
import { validateField, validateRecord, type FieldMessage } from '../../runtime/validation';
import type { ViewField, ViewSchema } from '../../schemas/viewSchema.schema';
import { PASSWORD_TOKEN } from '../controls/input/Password';
import type { FieldErrorFlag, FormContextValue } from '../form/FormContext';
import { createFormStore, type FormStore } from '../form/formStore';
import { createFlagStore, RULES_SOURCE, type FlagStore } from '../form/errorFlags';
import { lazySandbox, preloadSandbox, type RunScript } from '../form/scripts';
import { fieldScriptContext } from '../../runtime/environment/fieldVariables';
import { initialValues, isPasswordField, payloadOf } from '../form/values';
import { defaultRenderers } from '../index';
import { useRendererSet } from '../registry/RendererSet';
import type { FormPage, RendererEntry } from '../registry/types';
import { fieldKeyOf } from './saveErrors';

export interface RecordFormOptions {
  view: ViewSchema | null;
  record: Record<string, unknown> | null;
  page: FormPage;
  locale: string;
  readOnly?: boolean;
  /** The controls to dispatch to; by default the set the app provides (RendererSetProvider), else the built-ins. */
  entries?: readonly RendererEntry[];
  runScript?: RunScript;
  /** context.env of the scripts: the environment's non-secret variables (renderers/form/scriptEnv.ts). */
  scriptEnv?: Readonly<Record<string, string>>;
}

export interface RecordForm {
  store: FormStore;
  context: FormContextValue;
  /** Model changed since load or the last save (spec section 4 "Record edit"). */
  dirty: boolean;
  /** Checks every field; puts the messages under them; false when any field has an error. */
  validateAll: () => boolean;
  /** Any field reports an error now (the flags of spec section 4). */
  hasErrors: () => boolean;
  applyFieldErrors: (errors: readonly FieldError[]) => void;
  payload: () => Record<string, unknown>;
  /** A mutator's error, shown in an OK dialog. */
  scriptError: string | null;
  dismissScriptError: () => void;
}

/** The password token is not a value to check: passwords are exempt from the rules until typed. */
function checkedValue(field: ViewField, value: unknown): unknown {
  return isPasswordField(field) && value === PASSWORD_TOKEN ? null : value;
}

function toMessages(error: FieldError): FieldMessage[] {
  // A path inside the value ('lines.rows.1.title') stays on the message, so a table or fieldset can
  // show it at its row or item.
  const dot = error.field.indexOf('.');
  const path = dot > 0 ? error.field.slice(dot + 1) : undefined;
  return error.messages.map((key, i) => {
    const values = error.values?.[i];
    const message: FieldMessage = values ? { key, values } : { key };
    return path ? { ...message, path } : message;
  });
}

/** The messages of field errors by field key (a path inside a value stays on its message). */
function messagesByField(errors: Iterable<FieldError>): Map<string, FieldMessage[]> {
  const byKey = new Map<string, FieldMessage[]>();
  for (const error of errors) {
    const key = fieldKeyOf(error.field);
    byKey.set(key, [...(byKey.get(key) ?? []), ...toMessages(error)]);
  }
  return byKey;
}

/** Checks every field by the rules; puts the messages under them; false when any field has an error. */
function validateAllFields(view: ViewSchema, store: FormStore, flags: FlagStore, page: FormPage): boolean {
  const values = store.values();
  const checked: Record<string, unknown> = {};
  for (const field of view.fields) checked[field.key] = checkedValue(field, values[field.key]);
  const byKey = messagesByField(validateRecord(view, checked, { page }));
  let ok = true;
  for (const field of view.fields) {
    // Only what the user can see and change can block the save; the server checks the rest.
    if (!field.visible || !field.editable) continue;
    const messages = byKey.get(field.key) ?? [];
    store.setErrors(field.key, messages);
    // The rules' verdict joins the slot's last one (a control's setLocalError); other sources stay.
    flags.report({ key: field.key, error: messages.length > 0 || flags.isFlagged(field.key, RULES_SOURCE), source: RULES_SOURCE });
    if (flags.isFlagged(field.key)) ok = false;
  }
  return ok;
}

/**
 * The GET mutators of the visible fields run on each new store's values (load, saved answer); a
 * failure is the form's script error. The sandbox is loaded ahead when any field has a script.
 */
function useGetMutators(view: ViewSchema | null, store: FormStore, runScript: RunScript, scriptContext: FormContextValue['scriptContext'], onError: (error: string) => void) {
  useEffect(() => {
    if (!view) return;
    if (runScript === lazySandbox && view.fields.some((f) => f.visible && (f.mutators.get || f.mutators.set || f.template))) preloadSandbox();
    let live = true;
    for (const field of view.fields) {
      const code = field.mutators.get;
      if (!code || !field.visible) continue;
      void runScript({ label: `Mutator get of field ${field.key}`, code, args: { value: store.value(field.key), parent: store.values(), context: fieldScriptContext(scriptContext, field.variables) } }).then(
        (result) => {
          if (!live) return;
          if (result.ok) store.initialise(field.key, result.value);
          else onError(result.error);
        },
      );
    }
    return () => {
      live = false;
    };
  }, [store, view, runScript, scriptContext, onError]);
}

const NO_ENV: Readonly<Record<string, string>> = Object.freeze({});

export function useRecordForm(options: RecordFormOptions): RecordForm {
  const provided = useRendererSet();
  const { view, record, page, locale, readOnly = false, entries = provided?.controls ?? defaultRenderers, runScript = lazySandbox, scriptEnv = NO_ENV } = options;
  const store = useMemo(() => createFormStore(view ? initialValues(view, record, page) : {}), [view, record, page]);
  // The flags belong to the store: a new store (load, saved answer) starts with none. Made with the
  // store, not in an effect, so the flags controls report from their own mount effects survive.
  const flags = useMemo(() => {
    void store;
    return createFlagStore();
  }, [store]);
  const [scriptError, setScriptError] = useState<string | null>(null);
  const dirty = useSyncExternalStore(store.subscribeDirty, store.isDirty, store.isDirty);

  const validate = useCallback(
    (field: ViewField, value: unknown) => validateField(field, checkedValue(field, value), { page }),
    [page],
  );
  const reportError = useCallback((flag: FieldErrorFlag) => flags.report(flag), [flags]);
  const scriptContext = useMemo(
    () => ({ page, locale, component: view?.component.ref ?? null, record: record?.uuid ?? null, env: scriptEnv }),
    [page, locale, view, record, scriptEnv],
  );
  // setScriptError never changes: the mutators run again only on a new store, view, runner or context.
  useGetMutators(view, store, runScript, scriptContext, setScriptError);

  const context = useMemo<FormContextValue>(
    () => ({
      store,
      entries,
      page,
      locale,
      readOnly,
      validate,
      reportError,
      flags,
      runScript,
      scriptContext,
      onScriptError: setScriptError,
    }),
    [store, entries, page, locale, readOnly, validate, reportError, flags, runScript, scriptContext],
  );

  const hasErrors = useCallback(() => flags.flagged().length > 0, [flags]);
  const validateAll = useCallback(() => (view ? validateAllFields(view, store, flags, page) : false), [view, store, page, flags]);
  const applyFieldErrors = useCallback(
    (errors: readonly FieldError[]) => {
      for (const [key, messages] of messagesByField(errors)) {
        store.setErrors(key, messages);
        flags.report({ key, error: true, source: RULES_SOURCE });
      }
    },
    [store, flags],
  );
  const payload = useCallback(() => (view ? payloadOf(view, store.values(), page) : {}), [view, store, page]);

  return {
    store,
    context,
    dirty,
    validateAll,
    hasErrors,
    applyFieldErrors,
    payload,
    scriptError,
    dismissScriptError: () => setScriptError(null),
  };
}
