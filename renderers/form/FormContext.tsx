// What every field slot reads from the form: the store, the registry entries, the page and the hooks
// for validation, error flags and scripts. The value is memoised so slots re-render only on their slot.
import { createContext, useContext } from 'react';
import type { FieldMessage } from '../../runtime/validation';
import type { ViewField } from '../../schemas/viewSchema.schema';
import type { FormPage, RendererEntry } from '../registry/types';
import type { FlagStore } from './errorFlags';
import type { FormStore } from './formStore';
import type { RunScript } from './scripts';

export interface FieldErrorFlag {
  key: string;
  error: boolean;
  /** Which check of the field reports (default 'rules', FieldSlot's); a field is flagged while any source is on. */
  source?: string;
}

export interface FormContextValue {
  store: FormStore;
  entries: readonly RendererEntry[];
  page: FormPage;
  locale: string;
  /** The whole form is read-only (no update permission). */
  readOnly: boolean;
  validate: (field: ViewField, value: unknown) => FieldMessage[];
  /** Spec section 4: each check reports {field key, error}; the form is blocked while any is on. */
  reportError: (flag: FieldErrorFlag) => void;
  /** The flags reported so far (useFlaggedFields reads them; the form shows why Save is blocked). */
  flags?: FlagStore;
  runScript: RunScript;
  /** The `context` argument of mutators and templates. */
  scriptContext: Record<string, unknown>;
  /** A mutator failed: the form shows the message in an OK dialog. */
  onScriptError: (message: string) => void;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const value = useContext(FormContext);
  if (!value) throw new Error('A field must be rendered inside <FormProvider>');
  return value;
}
