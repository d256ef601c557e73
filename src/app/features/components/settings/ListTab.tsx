// List: the list fields (column key, label, order, formatter code, a component template picked with the
// template picker) and the presets.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ListField } from '../../../../../schemas';
import { CodeEditor } from '../../../components/code/CodeEditor';
import { FieldErrors } from '../../../components/FieldErrors';
import { localeStore } from '../../../../../renderers/ui/prefs';
import { useStore } from '../../../../../renderers/ui/store';
import { TemplatePicker } from '../../../../../renderers/ui/TemplatePicker';
import { templateSourcesQueryOptions } from '../../../../../renderers/data/forge';
import type { TemplateSource } from '../../../../../runtime/forge/templatePicker';
import { Checkbox, ItemCard, Note, Section, WrapField, type TabProps } from './controls';
import { listColumnOptions } from './listColumns';
import { RemoveItemButton } from './namedItems';

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

type Column = ReturnType<typeof listColumnOptions>[number];

/** One list column: which key it shows, its label in the current locale, its order and formatter. */
/** The column's component template: on, the template picker's {component, template} (spec section 2). */
function ColumnTemplate({ field, index, update, errors, sources }: Omit<TabProps, 'model'> & { field: ListField; index: number; sources: readonly TemplateSource[] }) {
  const path = `list.fields.${index}.component_template`;
  return (
    <>
      <Checkbox
        name={`list.fields.${index}.provided_template_component`}
        label={<FormattedMessage id="cmp.list.componentTemplate" />}
        testId={`list-field-template-${index}`}
        checked={field.provided_template_component ?? false}
        onChange={(on) =>
          update((d) => {
            const f = d.settings.list.fields[index]!;
            f.provided_template_component = on;
            if (!on) f.component_template = null;
          })
        }
      />
      {field.provided_template_component ? (
        <TemplatePicker name={path} sources={sources} value={field.component_template ?? null} onChange={(value) => update((d) => void (d.settings.list.fields[index]!.component_template = value))} />
      ) : null}
      <FieldErrors messages={errors[path]} />
    </>
  );
}

function ListFieldCard({ field, index, columns, update, errors, sources }: Omit<TabProps, 'model'> & { field: ListField; index: number; columns: Column[]; sources: readonly TemplateSource[] }) {
  const intl = useIntl();
  const locale = useStore(localeStore);
  return (
    <ItemCard title={field.key} testId="list-field">
      <div className="row">
        <WrapField label={<FormattedMessage id="cmp.list.column" />}>
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
        </WrapField>
        <WrapField label={<FormattedMessage id="cmp.label" />} width="grow">
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
        </WrapField>
        <WrapField label={<FormattedMessage id="cmp.sortOrder" />} width="narrow">
          <input
            type="number"
            name={`list.fields.${index}.sortOrder`}
            value={field.sortOrder ?? 0}
            onChange={(e) => update((d) => void (d.settings.list.fields[index]!.sortOrder = Number(e.target.value) || 0))}
          />
        </WrapField>
        <RemoveItemButton onRemove={() => update((d) => void d.settings.list.fields.splice(index, 1))} />
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
      <ColumnTemplate field={field} index={index} update={update} errors={errors} sources={sources} />
    </ItemCard>
  );
}

function ListFields({ model, update, errors }: TabProps) {
  const columns = listColumnOptions(model.settings);
  const fields = model.settings.list?.fields ?? [];
  const free = columns.filter((c) => !fields.some((f) => f.key === c.key));
  const sources = useQuery(templateSourcesQueryOptions()).data ?? [];
  // A new column shows the first key no column shows yet.
  const add = () =>
    update((d) => {
      const list = (d.settings.list ??= { fields: [] });
      list.fields.push(emptyListField(free[0]!.key, list.fields.length));
    });
  return (
    <Section
      title={<FormattedMessage id="cmp.list.fields" />}
      actions={
        <button type="button" className="button" data-testid="list-field-add" disabled={free.length === 0} onClick={add}>
          <FormattedMessage id="cmp.list.addColumn" />
        </button>
      }
    >
      {fields.length === 0 ? <Note id="cmp.list.noColumns" /> : null}
      {fields.map((field, index) => (
        <ListFieldCard key={index} field={field} index={index} columns={columns} update={update} errors={errors} sources={sources} />
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
        <Note id="cmp.list.noPresets" />
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
      <Note id="cmp.list.presetsHint" />
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
