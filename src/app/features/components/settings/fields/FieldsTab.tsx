// Fields: the table of the version's fields (add, edit, delete, reorder) and the field form.
// The live version's fields cannot change: a notice says so and the table is read-only.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { COMPONENT_MESSAGE } from '../../../../../../runtime/components';
import { Message } from '../../../../../../renderers/ui/Message';
import { Note, Section, type TabProps } from '../controls';
import { FieldDialog } from './FieldDialog';
import { moveField } from './fieldForm';
import { ArrowDown, ArrowUp } from '../../../../../../renderers/ui/icons';

type Field = TabProps['model']['settings']['fields'][number];

/** Move up, move down, edit and remove of one field. */
function FieldRowActions({ field, index, count, update, onEdit }: { field: Field; index: number; count: number; update: TabProps['update']; onEdit: () => void }) {
  const intl = useIntl();
  const move = (delta: -1 | 1) => update((d) => void (d.settings.fields = moveField(d.settings.fields, index, delta)));
  return (
    <>
      <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'cmp.fields.moveUp' }, { name: field.name })} disabled={index === 0} onClick={() => move(-1)}>
        <ArrowUp />
      </button>
      <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'cmp.fields.moveDown' }, { name: field.name })} disabled={index === count - 1} onClick={() => move(1)}>
        <ArrowDown />
      </button>
      <button type="button" className="button button-small" data-testid="field-edit" onClick={onEdit}>
        <FormattedMessage id="common.edit" />
      </button>
      <button type="button" className="button button-small danger" data-testid="field-delete" onClick={() => update((d) => void d.settings.fields.splice(index, 1))}>
        <FormattedMessage id="common.remove" />
      </button>
    </>
  );
}

/** The table of the fields; a row whose field the save refused is marked, naming the paths. */
function FieldsTable({ fields, errors, locked, update, onEdit }: Omit<TabProps, 'model'> & { fields: Field[]; locked: boolean; onEdit: (index: number) => void }) {
  const intl = useIntl();
  return (
    <div className="table-scroll">
      <table className="table" aria-label={intl.formatMessage({ id: 'cmp.fields.title' })}>
        <thead>
          <tr>
            <th scope="col"><FormattedMessage id="cmp.name" /></th>
            <th scope="col"><FormattedMessage id="cmp.fields.key" /></th>
            <th scope="col"><FormattedMessage id="cmp.fields.moduleType" /></th>
            <th scope="col"><FormattedMessage id="cmp.fields.group" /></th>
            <th scope="col"><span className="visually-hidden"><FormattedMessage id="cmp.fields.actions" /></span></th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field, index) => {
            const rowErrors = Object.entries(errors).filter(([path]) => path.startsWith(`fields.${index}.`) || path === `fields.${index}`);
            return (
              <tr key={`${field.key}-${index}`} data-testid="field-row">
                <td>
                  {field.name}
                  {rowErrors.length > 0 ? (
                    <span className="badge badge-danger" role="alert" title={rowErrors.map(([p]) => p).join(', ')}>
                      <FormattedMessage id="fieldsNotValid" />
                    </span>
                  ) : null}
                </td>
                <td>
                  <code>{field.key}</code>
                </td>
                <td>
                  {field.module} / {field.type}
                </td>
                <td>{field.group}</td>
                <td className="actions-cell">
                  {locked ? null : <FieldRowActions field={field} index={index} count={fields.length} update={update} onEdit={() => onEdit(index)} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function FieldsTab({ model, update, errors, locked }: TabProps & { locked: boolean }) {
  const fields = model.settings.fields;
  // null: closed; fields.length: a new field; else the index being edited.
  const [editing, setEditing] = useState<number | null>(null);
  const listErrors = errors.fields;

  return (
    <div className="stack">
      {locked ? (
        <p className="callout callout-warning" data-testid="fields-live-notice" role="note">
          <Message value={COMPONENT_MESSAGE.liveVersionNotEditable} />
        </p>
      ) : null}
      <Section
        title={<FormattedMessage id="cmp.fields.title" />}
        actions={
          locked ? null : (
            <button type="button" className="button button-primary" data-testid="field-add" onClick={() => setEditing(fields.length)}>
              <FormattedMessage id="cmp.fields.add" />
            </button>
          )
        }
      >
        {listErrors ? (
          <p className="form-error" role="alert">
            {listErrors.map((m, i) => (
              <Message key={i} value={m} />
            ))}
          </p>
        ) : null}
        {fields.length === 0 ? <Note id="cmp.fields.empty" testId="fields-empty" /> : <FieldsTable fields={fields} errors={errors} locked={locked} update={update} onEdit={setEditing} />}
      </Section>
      {editing !== null && !locked ? (
        <FieldDialog
          model={model}
          index={editing}
          onClose={() => setEditing(null)}
          onSubmit={(fields) => {
            update((d) => void (d.settings.fields = fields));
            setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}
