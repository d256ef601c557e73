// A type's options (constraints.custom_data, spec section 3 "custom_data shapes"), described by the
// JSON Schema of the pair (runtime/fieldTypes customDataSchema: the built-in CUSTOM_DATA_SCHEMAS, or a
// plugin's declared `options`) and rendered by @rjsf/core with our controls (options/optionControls.tsx),
// so a plugin's type gets a settings form for free. An external select's expression and a fieldset's
// sub-fields are not options forms: they get code editors (the external select first chooses its
// source: the expression, or a ratchet connection's statement, ExternalSourceEditor.tsx).
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { customDataSchema } from '../../../../../../runtime/fieldTypes';
import { CodeEditor } from '../../../../components/code/CodeEditor';
import { FieldErrors } from '../controls';
import type { FieldPartProps } from './FieldDialog';
import { ExternalSourceEditor } from './ExternalSourceEditor';
import { JsonField } from './JsonField';
import { OPTION_FIELDS, OPTION_TEMPLATES, OPTION_WIDGETS } from './options/optionControls';
import { optionsUiSchema, renderedSchema } from './options/optionsUiSchema';
import { optionsValidator } from './options/optionsValidator';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function OptionsForm({ schema, data, setData }: { schema: RJSFSchema; data: unknown; setData: (next: unknown) => void }) {
  const shown = useMemo(() => renderedSchema(schema), [schema]);
  const uiSchema = useMemo(() => optionsUiSchema(schema), [schema]);
  const formData = isRecord(data) ? data : {};
  return (
    <Form
      tagName="div"
      schema={shown}
      uiSchema={uiSchema}
      formData={formData}
      validator={optionsValidator}
      widgets={OPTION_WIDGETS}
      fields={OPTION_FIELDS}
      templates={OPTION_TEMPLATES}
      noHtml5Validate
      showErrorList={false}
      // Nothing typed yet keeps the stored null (the widget's defaults apply), not an empty object.
      onChange={(event) => setData(!isRecord(data) && isRecord(event.formData) && Object.keys(event.formData).length === 0 ? data : event.formData)}
    />
  );
}

export function CustomDataEditor({ draft, change, errors, existing, modules }: FieldPartProps) {
  const intl = useIntl();
  const schema = customDataSchema(draft.module, draft.type) as RJSFSchema | null;
  if (!schema) return null;
  const constraints = draft.constraints ?? {};
  const data = constraints.custom_data;
  const setData = (custom_data: unknown) => change({ constraints: { ...constraints, custom_data } });

  let body;
  if (schema.type === 'array') {
    body = <JsonField label={intl.formatMessage({ id: 'cmp.fields.subFields' })} value={data ?? []} onChange={setData} />;
  } else if (!schema.properties) {
    const ratchet = (constraints as { ratchet?: unknown }).ratchet;
    body = (
      <>
        <ExternalSourceEditor draft={draft} change={change} errors={errors} existing={existing} modules={modules} />
        {ratchet && typeof ratchet === 'object' ? null : (
          <CodeEditor
            language="javascript"
            kind="external-select"
            label={intl.formatMessage({ id: 'cmp.fields.expression' })}
            value={typeof data === 'string' ? data : ''}
            height={160}
            onChange={(code) => setData(code === '' ? null : code)}
          />
        )}
      </>
    );
  } else {
    body = <OptionsForm schema={schema} data={data} setData={setData} />;
  }
  return (
    <div className="subcard" data-testid="custom-data-editor">
      <h3 className="subtle-heading">
        <FormattedMessage id="cmp.fields.customData" values={{ type: `${draft.module}/${draft.type}` }} />
      </h3>
      {body}
      <FieldErrors messages={errors['constraints.custom_data']} />
    </div>
  );
}
