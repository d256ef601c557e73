// List: the list fields (column key, label, order, formatter code) and the presets.
import { FormattedMessage, useIntl } from 'react-intl';
import type { ListField } from '../../../../../schemas';
import { CodeEditor } from '../../../components/code/CodeEditor';
import { FieldErrors } from '../../../components/FieldErrors';
import { localeStore } from '../../../../../renderers/ui/prefs';
import { useStore } from '../../../../../renderers/ui/store';
import { Section, type TabProps } from './controls';
import { listColumnOptions } from './listColumns';

const emptyListField = (key: string, sortOrder: number): ListField => ({
  key,
  label: '',
  sortOrder,
  formatter: null,
  provided_template_component: false,
  component_template: null,
});

function labelText(label: ListField['label'], locale: string): string {
  if (typeof label === 'string') return label;
  return label?.[locale] ?? '';
}

function ListFields({ model, update, errors }: TabProps) {
  const intl = useIntl();
  const locale = useStore(localeStore);
  const columns = listColumnOptions(model.settings);
  const fields = model.settings.list?.fields ?? [];
  const free = columns.filter((c) => !fields.some((f) => f.key === c.key));
  return (
    <Section
      title={<FormattedMessage id="cmp.list.fields" />}
      actions={
        <button
          type="button"
          className="button"
          data-testid="list-field-add"
          disabled={free.length === 0}
          onClick={() =>
            update((d) => {
              const list = (d.settings.list ??= { fields: [] });
              list.fields.push(emptyListField(free[0]!.key, list.fields.length));
            })
          }
        >
          <FormattedMessage id="cmp.list.addColumn" />
        </button>
      }
    >
      {fields.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="cmp.list.noColumns" />
        </p>
      ) : null}
      {fields.map((field, index) => (
        <fieldset key={index} className="subcard" data-testid="list-field">
          <legend>
            <code>{field.key}</code>
          </legend>
          <div className="row">
            <label className="field">
              <span className="field-label">
                <FormattedMessage id="cmp.list.column" />
              </span>
              <select
                name={`list.fields.${index}.key`}
                value={field.key}
                onChange={(e) => update((d) => void (d.settings.list.fields[index]!.key = e.target.value))}
              >
                {columns.map((c) => (
                  <option key={c.key} value={c.key}>
                    {c.virtual ? intl.formatMessage({ id: 'cmp.list.virtual' }, { key: c.key }) : c.key}
                  </option>
                ))}
              </select>
              <FieldErrors messages={errors[`list.fields.${index}.key`]} />
            </label>
            <label className="field grow">
              <span className="field-label">
                <FormattedMessage id="cmp.label" />
              </span>
              <input
                name={`list.fields.${index}.label`}
                value={labelText(field.label, locale)}
                onChange={(e) =>
                  update((d) => {
                    const f = d.settings.list.fields[index]!;
                    f.label = typeof f.label === 'object' && f.label ? { ...f.label, [locale]: e.target.value } : e.target.value;
                  })
                }
              />
            </label>
            <label className="field narrow">
              <span className="field-label">
                <FormattedMessage id="cmp.sortOrder" />
              </span>
              <input
                type="number"
                name={`list.fields.${index}.sortOrder`}
                value={field.sortOrder ?? 0}
                onChange={(e) => update((d) => void (d.settings.list.fields[index]!.sortOrder = Number(e.target.value) || 0))}
              />
            </label>
            <button
              type="button"
              className="button button-ghost danger"
              onClick={() => update((d) => void d.settings.list.fields.splice(index, 1))}
            >
              <FormattedMessage id="common.remove" />
            </button>
          </div>
          <CodeEditor
            language="javascript"
            kind="formatter"
            mode="modal"
            testId={`formatter-${index}`}
            label={intl.formatMessage({ id: 'cmp.list.formatter' })}
            value={field.formatter ?? ''}
            onChange={(code) => update((d) => void (d.settings.list.fields[index]!.formatter = code === '' ? null : code))}
          />
        </fieldset>
      ))}
    </Section>
  );
}

function Presets({ model }: TabProps) {
  // The built-in preset named Default is never persisted and is hidden here (spec section 3).
  const presets = model.settings.presets.filter((p) => p.name !== 'Default');
  return (
    <Section title={<FormattedMessage id="cmp.list.presets" />}>
      {presets.length === 0 ? (
        <p className="muted">
          <FormattedMessage id="cmp.list.noPresets" />
        </p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="cmp.name" /></th>
                <th scope="col"><FormattedMessage id="cmp.roles" /></th>
              </tr>
            </thead>
            <tbody>
              {presets.map((p) => (
                <tr key={p.name} data-testid="preset-row">
                  <td>{p.name}</td>
                  <td>{p.roles && p.roles.length > 0 ? p.roles.join(', ') : '*'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted">
        <FormattedMessage id="cmp.list.presetsHint" />
      </p>
    </Section>
  );
}

export function ListTab(props: TabProps) {
  return (
    <div className="stack">
      <ListFields {...props} />
      <Presets {...props} />
    </div>
  );
}
