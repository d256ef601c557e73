// The field settings form in a modal: edits a local draft; submit runs the field rules
// (checkFields, checkRelation) over the whole list and stores the field only when they pass.
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { checkRelation, isEmptyRelation, type FieldDraft } from '../../../../../../runtime/components';
import { fieldSections } from '../../../../../../runtime/fieldTypes';
import type { FieldDefinition } from '../../../../../../schemas';
import type { ComponentModel } from '../../../../../../runtime/client/components';
import { Dialog } from '../../../../../../renderers/ui/Dialog';
import { Message } from '../../../../../../renderers/ui/Message';
import { showToast } from '../../../../../../renderers/ui/toast';
import { RULE_VALUES } from '../controls';
import { ConstraintsEditor } from './ConstraintsEditor';
import { ContextEditor } from './ContextEditor';
import { FieldBasics } from './FieldBasics';
import { errorsForField, newFieldDraft, prepareField, refusalKey, withField } from './fieldForm';
import { MutatorsEditor } from './MutatorsEditor';
import { RelationshipEditor } from './RelationshipEditor';
import { RolesEditor } from './RolesEditor';
import { ReadSourcesEditor } from './ReadSourcesEditor';

export interface FieldPartProps {
  draft: FieldDraft;
  change: (patch: Partial<FieldDraft>) => void;
  errors: Record<string, string[]>;
  /** True when the field exists already (module and type are then protected). */
  existing: boolean;
  /** The modules offered (an action's fields: input, select, radio, checkbox, picker); all when absent. */
  modules?: readonly string[];
}

interface Props {
  model: ComponentModel;
  index: number;
  onClose: () => void;
  onSubmit: (fields: FieldDefinition[]) => void;
  modules?: readonly string[];
}

export function FieldDialog({ model, index, onClose, onSubmit, modules }: Props) {
  const fields = model.settings.fields;
  const existing = index < fields.length;
  const [draft, setDraft] = useState<FieldDraft>(() => (existing ? structuredClone(fields[index]!) : newFieldDraft(fields.length)));
  const [tried, setTried] = useState(false);
  const [foreign, setForeign] = useState<{ fields: FieldDefinition[] } | null>(null);
  const change = (patch: Partial<FieldDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const check = (): Record<string, string[]> => {
    const prepared = prepareField(draft);
    const errors = errorsForField(withField(fields, index, prepared), index);
    const relation = checkRelation(prepared.relation, foreign);
    if (relation) (errors.relation ??= []).includes(relation) || errors.relation.push(relation);
    return errors;
  };
  const errors = tried ? check() : {};
  const refusal = refusalKey(errors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = check();
    if (found.relation) showToast(found.relation[0]!, 'warning');
    if (refusalKey(found)) return;
    onSubmit(withField(fields, index, prepareField(draft)));
  };

  const parts = { draft, change, errors, existing, modules };
  // A relation kept from before stays visible so it can be removed; otherwise only a relation select has one.
  const relationship = fieldSections(draft.module, draft.type).relationship || !isEmptyRelation(draft.relation);
  return (
    <Dialog open wide testId="field-dialog" title={<FormattedMessage id={existing ? 'cmp.fields.edit' : 'cmp.fields.add'} />} onClose={onClose}>
      <form onSubmit={submit} noValidate className="field-form">
        <FieldBasics {...parts} />
        <RolesEditor {...parts} />
        <ReadSourcesEditor {...parts} />
        <ContextEditor {...parts} />
        <ConstraintsEditor {...parts} />
        {relationship ? <RelationshipEditor {...parts} model={model} onForeignSettings={setForeign} /> : null}
        <MutatorsEditor {...parts} />
        {refusal ? (
          <div className="form-error" role="alert" data-testid="field-form-error">
            <Message value={refusal} values={RULE_VALUES} />
            {errors[''] ? (
              <ul>
                {errors[''].map((m, i) => (
                  <li key={i}>
                    <Message value={m} values={RULE_VALUES} />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className="button button-primary" data-testid="field-form-submit">
            <FormattedMessage id={existing ? 'cmp.fields.apply' : 'cmp.fields.add'} />
          </button>
        </div>
      </form>
    </Dialog>
  );
}
