// A widget's settings form: the JSON Schema of runtime/api/widgets.ts (widgetFormSchema) rendered by
// @rjsf/core through our own controls (components/settings/schemaForm.tsx). The chart type shows for charts only, the
// row count for tables only; a data set's widget (docs/thunder.md) shows the set instead of the
// component, filter and pipeline (a set built from a ratchet query named as such: docs/ratchet.md
// "Widgets"). Messages come from the form's own rules and the save's 417 answer
// (extraErrors); rjsf validates nothing itself (the CSP forbids ajv's compile: optionsValidator).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { widgetFormSchema } from '../../../../runtime/api/widgets';
import { componentsQueryOptions } from '../../../../renderers/data/components';
import { componentLabel } from '../../../../renderers/ui/componentLabel';
import { localeStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import type { WidgetDraft } from './draft';
import { formControls } from '../components/settings/formControls';
import { SchemaForm } from '../components/settings/schemaForm';
import { thunderSetsQueryOptions } from '../thunder/data';

/** The inputs are named widget.{key}; the choices' labels are widgets.{key}.{value}. */
const WIDGETS = formControls({ input: 'widget', labels: 'widgets' });

function uiSchemaOf(kind: WidgetDraft['kind'], source: WidgetDraft['source']): UiSchema {
  const hidden = { 'ui:widget': 'hidden' };
  const fromSet = source === 'thunder';
  return {
    component: fromSet ? hidden : {},
    thunder: fromSet ? {} : hidden,
    filter: fromSet ? hidden : { 'ui:widget': 'json' },
    aggregate: fromSet ? hidden : { 'ui:widget': 'json' },
    chart: kind === 'chart' ? {} : { 'ui:widget': 'hidden' },
    limit: kind === 'table' ? {} : { 'ui:widget': 'hidden' },
  };
}

export function SettingsForm({ draft, onChange, errors }: { draft: WidgetDraft; onChange: (next: WidgetDraft) => void; errors: Record<string, string[]> }) {
  const components = useQuery(componentsQueryOptions());
  const sets = useQuery(thunderSetsQueryOptions());
  const locale = useStore(localeStore);
  const intl = useIntl();
  const schema = useMemo(
    () =>
      widgetFormSchema(
        (components.data ?? []).map((component) => ({ uuid: component.uuid, label: componentLabel(component, locale) })),
        // A set built from a ratchet connection's query says so: it is how a widget shows an outside database.
        (sets.data ?? []).map((set) => ({ uuid: set.uuid, label: set.source === 'ratchet' ? intl.formatMessage({ id: 'widgets.setFromDatabase' }, { name: set.name }) : set.name })),
      ) as RJSFSchema,
    [components.data, sets.data, locale, intl],
  );
  const uiSchema = useMemo(() => uiSchemaOf(draft.kind, draft.source), [draft.kind, draft.source]);
  return <SchemaForm schema={schema} uiSchema={uiSchema} values={draft} controls={WIDGETS} errors={errors} onChange={onChange} testId="widget-settings" />;
}
