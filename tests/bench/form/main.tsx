// The benchmark page: ?impl=luma renders the compiled 200-field schema with Luma's record form
// (renderers/), ?impl=rjsf the same compiled JSON Schema with bare @rjsf/core.
import type { RJSFSchema } from '@rjsf/utils';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { compileViewSchema } from '../../../runtime/compile';
import { validateSettings } from '../../../runtime/components';
import { CATALOGUES } from '../../../runtime/i18n/catalogues';
import { RecordForm } from '../../../renderers/screens/RecordForm';
import { useRecordForm } from '../../../renderers/screens/useRecordForm';
import type { ViewSchema } from '../../../schemas/viewSchema.schema';
import { RjsfForm } from './rjsf';
import { benchSettings } from './settings';

const checked = validateSettings(benchSettings());
if (!checked.ok) throw new Error(`bench settings are not valid: ${JSON.stringify(checked.errors.slice(0, 3))}`);
const view = compileViewSchema(checked.settings, {
  component: { uuid: '00000000-0000-4000-8000-000000000001', ref: 'bench', name: 'bench', label: { en_US: 'Bench' } },
  locale: 'en_US',
  roles: [],
  isAdmin: true,
  page: 'model_create',
});

function LumaForm({ schema }: { schema: ViewSchema }) {
  const form = useRecordForm({ view: schema, record: null, page: 'model_create', locale: 'en_US' });
  return <RecordForm view={schema} form={form} />;
}

const impl = new URLSearchParams(location.search).get('impl') === 'rjsf' ? 'rjsf' : 'luma';
const bench: { firstRenderMs?: number } = {};
(window as unknown as { __bench: typeof bench }).__bench = bench;

const start = performance.now();
createRoot(document.getElementById('root')!).render(
  <IntlProvider locale="en-US" messages={CATALOGUES.en_US} defaultLocale="en-US">
    {impl === 'luma' ? <LumaForm schema={view} /> : <RjsfForm schema={view.jsonSchema as RJSFSchema} />}
  </IntlProvider>,
);
requestAnimationFrame(() => setTimeout(() => (bench.firstRenderMs = performance.now() - start), 0));
