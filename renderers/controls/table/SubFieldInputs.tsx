// One row (table create form) or item (fieldset card) of sub-fields, each drawn by the renderer the
// registry dispatches for it (the same controls as top-level fields). Flags the sub-controls report
// through useFieldErrorFlag, and their setLocalError, stay in this scope (onLocalErrors), so they
// count for the row, not for the record form.
import { useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';
import type { FieldMessage } from '../../../runtime/validation';
import type { ViewField } from '../../../schemas/viewSchema.schema';
import { ErrorFlagScope } from '../../form/errorFlags';
import { FormContext, type FieldErrorFlag } from '../../form/FormContext';
import { dispatch } from '../../registry/dispatch';
import type { ControlProps, FormPage } from '../../registry/types';

export interface SubFieldInputsProps {
  subFields: readonly ViewField[];
  row: Record<string, unknown>;
  onChange: (row: Record<string, unknown>) => void;
  /** Messages per sub-field key. */
  errors: Record<string, readonly FieldMessage[]>;
  idPrefix: string;
  readOnly: boolean;
  page: FormPage;
  locale: string;
  /** The sub-controls' own errors (setLocalError and useFieldErrorFlag), per sub-field key. */
  onLocalErrors?: (keys: readonly string[]) => void;
}

export function SubFieldInputs({ subFields, row, onChange, errors, idPrefix, readOnly, page, locale, onLocalErrors }: SubFieldInputsProps) {
  const form = useContext(FormContext);
  const entries = form?.entries ?? [];
  const rowRef = useRef(row);
  rowRef.current = row;
  const local = useRef(new Map<string, boolean>());
  const publish = useCallback(() => {
    onLocalErrors?.([...local.current].filter(([, on]) => on).map(([key]) => key.split('\u0000')[0]!));
  }, [onLocalErrors]);
  const scope = useCallback(
    (flag: FieldErrorFlag) => {
      const id = `${flag.key}\u0000${flag.source ?? 'control'}`;
      if ((local.current.get(id) ?? false) === flag.error) return;
      local.current.set(id, flag.error);
      publish();
    },
    [publish],
  );
  return (
    <ErrorFlagScope.Provider value={scope}>
      <div className="sub-fields">
        {subFields
          .filter((sub) => sub.visible)
          .map((sub) => (
            <SubField
              key={sub.key}
              sub={sub}
              entries={entries}
              value={row[sub.key]}
              onChange={(value) => onChange({ ...rowRef.current, [sub.key]: value })}
              errors={errors[sub.key] ?? []}
              id={`${idPrefix}-${sub.key}`}
              readOnly={readOnly || !sub.editable}
              page={page}
              locale={locale}
              setLocalError={(message) => scope({ key: sub.key, error: message !== null, source: 'local' })}
            />
          ))}
      </div>
    </ErrorFlagScope.Provider>
  );
}

function SubField({ sub, entries, ...props }: Omit<ControlProps, 'field'> & { sub: ViewField; entries: NonNullable<React.ContextType<typeof FormContext>>['entries'] }): ReactNode {
  const Renderer = useMemo(() => dispatch(entries, sub).renderer, [entries, sub]);
  return <Renderer field={sub} {...props} />;
}
