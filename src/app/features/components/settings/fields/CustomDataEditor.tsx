// custom_data per module and type (spec section 3 "custom_data shapes"), driven by the schema of
// that pair (CUSTOM_DATA_SCHEMAS): booleans, numbers, texts and lists of texts get inputs; an
// external select's expression and a fieldset's sub-fields get code editors.
import { FormattedMessage, useIntl } from 'react-intl';
import { CUSTOM_DATA_SCHEMAS } from '../../../../../../schemas';
import { CodeEditor } from '../../../../components/code/CodeEditor';
import { Checkbox, FieldErrors, NumberInput, TextInput } from '../controls';
import type { FieldPartProps } from './FieldDialog';
import { JsonField } from './JsonField';

interface PropSchema {
  type?: string | readonly string[];
  items?: { type?: string };
  default?: unknown;
  anyOf?: readonly unknown[];
}

function kindOf(schema: PropSchema): 'bool' | 'number' | 'list' | 'text' {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('boolean')) return 'bool';
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (types.includes('array')) return 'list';
  return 'text';
}

export function CustomDataEditor({ draft, change, errors }: FieldPartProps) {
  const intl = useIntl();
  const entry = CUSTOM_DATA_SCHEMAS.find(([m, t]) => m === draft.module && t === draft.type);
  if (!entry) return null;
  const schema = entry[2] as { type?: unknown; properties?: Record<string, PropSchema> };
  const constraints = draft.constraints ?? {};
  const data = constraints.custom_data;
  const setData = (custom_data: unknown) => change({ constraints: { ...constraints, custom_data } });
  const pathErrors = errors['constraints.custom_data'];

  let body;
  if (schema.type === 'array') {
    body = <JsonField label={intl.formatMessage({ id: 'cmp.fields.subFields' })} value={data ?? []} onChange={setData} />;
  } else if (!schema.properties) {
    body = (
      <CodeEditor
        language="javascript"
        kind="external-select"
        label={intl.formatMessage({ id: 'cmp.fields.expression' })}
        value={typeof data === 'string' ? data : ''}
        height={160}
        onChange={(code) => setData(code === '' ? null : code)}
      />
    );
  } else {
    const obj = (data && typeof data === 'object' && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
    const put = (key: string, value: unknown) => setData({ ...obj, [key]: value });
    body = (
      <div className="form-grid">
        {Object.entries(schema.properties).map(([key, prop]) => {
          const name = `field.constraints.custom_data.${key}`;
          const fallback = prop.default;
          switch (kindOf(prop)) {
            case 'bool':
              return <Checkbox key={key} name={name} label={key} checked={Boolean(obj[key] ?? fallback)} onChange={(v) => put(key, v)} />;
            case 'number':
              return <NumberInput key={key} name={name} label={key} value={(obj[key] as number | undefined) ?? (fallback as number | undefined) ?? null} onChange={(v) => put(key, v)} />;
            case 'list':
              return (
                <TextInput
                  key={key}
                  name={name}
                  label={key}
                  value={Array.isArray(obj[key]) ? (obj[key] as unknown[]).join(', ') : typeof obj[key] === 'string' ? (obj[key] as string) : ''}
                  hint={<FormattedMessage id="cmp.fields.commaSeparated" />}
                  onChange={(v) => put(key, v.split(',').map((s) => s.trim()).filter(Boolean))}
                />
              );
            default:
              return (
                <TextInput
                  key={key}
                  name={name}
                  label={key}
                  value={typeof obj[key] === 'string' ? (obj[key] as string) : ''}
                  placeholder={typeof fallback === 'string' ? fallback : undefined}
                  onChange={(v) => put(key, v === '' ? null : v)}
                />
              );
          }
        })}
      </div>
    );
  }
  return (
    <div className="subcard" data-testid="custom-data-editor">
      <h3 className="subtle-heading">
        <FormattedMessage id="cmp.fields.customData" values={{ type: `${draft.module}/${draft.type}` }} />
      </h3>
      {body}
      <FieldErrors messages={pathErrors} />
    </div>
  );
}
