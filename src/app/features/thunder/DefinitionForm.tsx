// A thunder data set's definition form (docs/thunder.md): the JSON Schema of runtime/api/thunder.ts
// (thunderFormSchema) rendered by @rjsf/core through our own controls (components/settings/schemaForm.tsx), as
// the widget settings are. A component source shows the component, filter, pipeline and "rebuild when
// its records change"; a ratchet source the connection and the statement. The name is fixed once saved.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { thunderFormSchema } from '../../../../runtime/api/thunder';
import { componentsQueryOptions } from '../../../../renderers/data/components';
import { componentLabel } from '../../../../renderers/ui/componentLabel';
import { localeStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { connectionsQueryOptions } from '../ratchet/data';
import { formControls } from '../components/settings/formControls';
import { SchemaForm } from '../components/settings/schemaForm';
import type { ThunderDraft } from './draft';

const CONTROLS = formControls({ input: 'thunder', labels: 'thunder' });

function uiSchemaOf(source: ThunderDraft['source'], saved: boolean): UiSchema {
  const hidden = { 'ui:widget': 'hidden' };
  const ratchet = source === 'ratchet';
  return {
    name: saved ? { 'ui:disabled': true } : {},
    component: ratchet ? hidden : {},
    filter: ratchet ? hidden : { 'ui:widget': 'json' },
    aggregate: ratchet ? hidden : { 'ui:widget': 'json' },
    rebuild_on_change: ratchet ? hidden : {},
    connection: ratchet ? {} : hidden,
    sql: ratchet ? { 'ui:widget': 'json' } : hidden,
  };
}

export function DefinitionForm({ draft, saved, onChange, errors }: { draft: ThunderDraft; saved: boolean; onChange: (next: ThunderDraft) => void; errors: Record<string, string[]> }) {
  const components = useQuery(componentsQueryOptions());
  const connections = useQuery(connectionsQueryOptions());
  const locale = useStore(localeStore);
  const schema = useMemo(
    () =>
      thunderFormSchema(
        (components.data ?? []).map((component) => ({ uuid: component.uuid, label: componentLabel(component, locale) })),
        (connections.data ?? []).map((connection) => ({ uuid: connection.uuid, label: connection.name })),
      ) as RJSFSchema,
    [components.data, connections.data, locale],
  );
  const uiSchema = useMemo(() => uiSchemaOf(draft.source, saved), [draft.source, saved]);
  return <SchemaForm schema={schema} uiSchema={uiSchema} values={draft} controls={CONTROLS} errors={errors} onChange={onChange} testId="thunder-definition" />;
}
