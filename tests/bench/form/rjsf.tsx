// The baseline: the same compiled JSON Schema in bare @rjsf/core, used the usual way
// (controlled, formData in state, RJSF's default widgets).
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { useState } from 'react';

export function RjsfForm({ schema }: { schema: RJSFSchema }) {
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  return <Form schema={schema} validator={validator} formData={formData} onChange={(event) => setFormData(event.formData)} />;
}
