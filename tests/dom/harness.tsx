// Mounting the record form in jsdom: settings compiled by the real compiler, the real form core,
// a fake sandbox (user code is not what these tests are about).
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { defaultSettings } from '../../runtime/components';
import { compileViewSchema } from '../../runtime/compile';
import { CATALOGUES } from '../../runtime/i18n/catalogues';
import type { ComponentSettings, FieldDefinition, ViewSchema } from '../../schemas';
import type { RunScript } from '../../renderers/form/scripts';
import type { FormPage, RendererEntry } from '../../renderers/registry/types';
import { RecordForm } from '../../renderers/screens/RecordForm';
import { useRecordForm, type RecordForm as RecordFormState } from '../../renderers/screens/useRecordForm';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// jsdom has <dialog> without showModal/close.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

export type FieldInput = Pick<FieldDefinition, 'key' | 'module' | 'type'> & Partial<Omit<FieldDefinition, 'constraints'>> & { constraints?: Record<string, unknown> };

export function field(key: string, module: string, type: string, rest: Partial<FieldInput> = {}): FieldInput {
  return { name: key, key, label: { en_US: key[0]!.toUpperCase() + key.slice(1) }, module, type, ...rest } as FieldInput;
}

export function compile(fields: FieldInput[], options: { page?: FormPage; isAdmin?: boolean; roles?: string[] } = {}): ViewSchema {
  const settings = { ...defaultSettings('v1'), fields: fields.map((f, i) => ({ sortOrder: i, ...f })) } as unknown as ComponentSettings;
  return compileViewSchema(settings, {
    component: { uuid: '00000000-0000-4000-8000-000000000001', ref: 'orders', name: 'orders', label: { en_US: 'Orders' } },
    locale: 'en_US',
    roles: options.roles ?? [],
    isAdmin: options.isAdmin ?? true,
    page: options.page ?? 'model_create',
  });
}

export const noScripts: RunScript = async () => ({ ok: true, value: null });

export interface HarnessProps {
  view: ViewSchema;
  record?: Record<string, unknown> | null;
  page?: FormPage;
  entries?: readonly RendererEntry[];
  runScript?: RunScript;
  /** context.env of the scripts (the page's non-secret variables). */
  scriptEnv?: Record<string, string>;
  onForm?: (form: RecordFormState) => void;
}

function Harness({ view, record = null, page = 'model_create', entries, runScript = noScripts, scriptEnv, onForm }: HarnessProps) {
  const form = useRecordForm({ view, record, page, locale: 'en_US', entries, runScript, scriptEnv });
  onForm?.(form);
  return <RecordForm view={view} form={form} />;
}

export function withIntl(ui: ReactElement) {
  return (
    <IntlProvider locale="en-US" messages={CATALOGUES.en_US} onError={() => undefined}>
      {ui}
    </IntlProvider>
  );
}

export function renderForm(props: HarnessProps) {
  let form: RecordFormState | null = null;
  const result = render(withIntl(<Harness {...props} onForm={(f) => (form = f)} />));
  return { ...result, form: () => form! };
}
