// What a renderer receives, and the registry entry that pairs it with its tester.
import type { ComponentType } from 'react';
import type { FieldMessage } from '../../runtime/validation';
import type { ViewField } from '../../schemas/viewSchema.schema';
import type { Tester } from './testers';

export type FormPage = 'model_create' | 'model_edit';

export interface ControlProps {
  field: ViewField;
  value: unknown;
  /** Sets the field's value: validation and the SET mutator run in the slot, not in the control. */
  onChange: (value: unknown) => void;
  /** Messages to show under the field (rules, server 417, the control's own parse error). */
  errors: readonly FieldMessage[];
  /** The id the control gives its input, so the label binds to it. */
  id: string;
  /** Not editable for the role, protected on edit, or the whole form is read-only. */
  readOnly: boolean;
  page: FormPage;
  locale: string;
  /** A control's own error that the rules cannot see (the JSON text that does not parse); null clears it. */
  setLocalError: (message: FieldMessage | null) => void;
}

export interface RendererEntry {
  tester: Tester;
  renderer: ComponentType<ControlProps>;
  /** For the docs and the settings panel; not used by dispatch. */
  name?: string;
}
