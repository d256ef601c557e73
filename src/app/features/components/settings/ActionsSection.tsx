// Actions (spec section 3 "Action"): name 2..25, display condition code, fields (the field dialog
// offering only input, select, radio, checkbox and picker) and action code. Shown under the
// Functions tab, like functions: the rules are checkSettingsRules', run while typing and on save.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { checkSettingsRules } from '../../../../../runtime/components';
import { ACTION_FIELD_MODULES } from '../../../../../schemas/fieldTypes';
import { CodeEditor } from '../../../components/code/CodeEditor';
import { FieldDialog } from './fields/FieldDialog';
import { FieldErrors, ItemCard, Note, Section, type TabProps } from './controls';
import { ItemNameRow, NewNameForm } from './namedItems';

type Actions = TabProps['model']['settings']['actions'];
type Action = Actions[number];
type Update = TabProps['update'];

/** The messages of action `index`'s name (required, 2..25), as the server judges them. */
function nameErrors(actions: Actions, index: number): string[] {
  return checkSettingsRules({ fields: [], actions, routes: {}, functions: [] })
    .filter((e) => e.field === `actions.${index}.name`)
    .flatMap((e) => e.messages);
}

/** An action's fields: the list with edit and remove, and the messages of the save at them. */
function ActionFields({ action, index, errors, update, onEdit }: { action: Action; index: number; errors: TabProps['errors']; update: Update; onEdit: (fieldIndex: number) => void }) {
  return (
    <div className="stack">
      <div className="section-head">
        <h3 className="field-label">
          <FormattedMessage id="cmp.recordActions.fields" />
        </h3>
        <button type="button" className="button button-small" data-testid={`action-field-add-${index}`} onClick={() => onEdit(action.fields.length)}>
          <FormattedMessage id="cmp.recordActions.addField" />
        </button>
      </div>
      {action.fields.length === 0 ? (
        <Note id="cmp.recordActions.noFields" />
      ) : (
        <ul className="action-field-list" data-testid={`action-fields-${index}`}>
          {action.fields.map((field, fieldIndex) => (
            <li key={fieldIndex}>
              <span className="grow">
                <strong>{field.name}</strong> <code>{field.key}</code> <span className="muted">{field.module}</span>
              </span>
              <button type="button" className="button button-ghost button-small" onClick={() => onEdit(fieldIndex)}>
                <FormattedMessage id="common.edit" />
              </button>
              <button
                type="button"
                className="button button-ghost button-small danger"
                onClick={() => update((d) => void d.settings.actions[index]!.fields.splice(fieldIndex, 1))}
              >
                <FormattedMessage id="common.remove" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <FieldErrors messages={Object.entries(errors).filter(([path]) => path.startsWith(`actions.${index}.fields`)).flatMap(([, messages]) => messages)} />
    </div>
  );
}

/** One action: its name, display condition, fields and code. */
function ActionCard({ actions, index, errors, update, onEditField }: { actions: Actions; index: number; errors: TabProps['errors']; update: Update; onEditField: (fieldIndex: number) => void }) {
  const intl = useIntl();
  const action = actions[index]!;
  return (
    <ItemCard title={action.name} testId="action-item">
      <ItemNameRow
        inputName={`actions.${index}.name`}
        value={action.name}
        onChange={(value) => update((d) => void (d.settings.actions[index]!.name = value))}
        messages={[...nameErrors(actions, index), ...(errors[`actions.${index}.name`] ?? [])]}
        onRemove={() => update((d) => void d.settings.actions.splice(index, 1))}
      />
      <CodeEditor
        language="javascript"
        height={120}
        testId={`action-condition-${index}`}
        label={intl.formatMessage({ id: 'cmp.recordActions.condition' })}
        value={action.display_condition ?? ''}
        onChange={(code) => update((d) => void (d.settings.actions[index]!.display_condition = code === '' ? null : code))}
      />
      <ActionFields action={action} index={index} errors={errors} update={update} onEdit={onEditField} />
      <CodeEditor
        language="javascript"
        height={200}
        testId={`action-code-${index}`}
        label={intl.formatMessage({ id: 'cmp.recordActions.code' })}
        value={action.action ?? ''}
        onChange={(code) => update((d) => void (d.settings.actions[index]!.action = code))}
      />
    </ItemCard>
  );
}

export function ActionsSection({ model, update, errors }: TabProps) {
  const actions = model.settings.actions ?? [];
  const [name, setName] = useState('');
  const [refused, setRefused] = useState<string[]>([]);
  // [action index, field index] of the field dialog; a field index past the list adds one.
  const [editing, setEditing] = useState<[number, number] | null>(null);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const action = { name: name.trim(), display_condition: null, fields: [], action: '' };
    const found = nameErrors([...actions, action], actions.length);
    setRefused(found);
    if (found.length > 0) return;
    update((d) => void d.settings.actions.push(action));
    setName('');
  };

  const editedAction = editing ? actions[editing[0]] : undefined;
  return (
    <Section title={<FormattedMessage id="cmp.recordActions.title" />}>
      <Note id="cmp.recordActions.hint" />
      <NewNameForm
        label={<FormattedMessage id="cmp.recordActions.newName" />}
        inputName="action-name"
        testId="action-add"
        maxLength={60}
        value={name}
        onChange={setName}
        onSubmit={add}
        refused={refused}
      />
      {actions.length === 0 ? <Note id="cmp.recordActions.empty" /> : null}
      {actions.map((_, index) => (
        <ActionCard key={index} actions={actions} index={index} errors={errors} update={update} onEditField={(fieldIndex) => setEditing([index, fieldIndex])} />
      ))}
      {editing && editedAction ? (
        <FieldDialog
          // The dialog edits a field list: this action's, checked by the same field rules.
          model={{ ...model, settings: { ...model.settings, fields: editedAction.fields } }}
          index={editing[1]}
          modules={ACTION_FIELD_MODULES}
          onClose={() => setEditing(null)}
          onSubmit={(fields) => {
            const at = editing[0];
            update((d) => void (d.settings.actions[at]!.fields = fields));
            setEditing(null);
          }}
        />
      ) : null}
    </Section>
  );
}
