// The General tab while other components depend on the component: label, tag and scope read-only, and
// the reason said once (not under each of the four inputs), naming who depends on it.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../runtime/components';
import type { ComponentModel } from '../../runtime/client/components';
import { Identity } from '../../src/app/features/components/settings/GeneralTab';
import { withIntl } from './harness';

const model = (dependencies: unknown[]) =>
  ({
    uuid: '00000000-0000-4000-8000-000000000001', name: 'orders', scope: null, tag: null, ref: 'orders', label: { en_US: 'Orders' }, icon: null, sort: 0,
    dependencies, workspaces: [], settings: defaultSettings('v1'),
  }) as unknown as ComponentModel;

const MESSAGE = 'Other components depend on this component, so it cannot be removed, cloned or renamed.';

describe('the General tab lock', () => {
  it('says why once, with the dependants, and keeps label, tag and scope read-only', () => {
    const m = model([{ kind: 'component', uuid: 'b', name: 'invoices', ref: 'invoices' }, { kind: 'workflow', uuid: 'w', name: 'Audit', ref: 'w' }]);
    render(withIntl(<Identity model={m} update={() => undefined} errors={{}} blocked />));
    expect(screen.getAllByText(MESSAGE, { exact: false })).toHaveLength(1);
    expect(screen.getByTestId('dependency-note').textContent).toContain('Depending on it: invoices, Audit.');
    for (const name of ['label.en_US', 'tag', 'scope']) expect(document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!.disabled).toBe(true);
  });

  it('says nothing and locks nothing without dependants', () => {
    render(withIntl(<Identity model={model([])} update={() => undefined} errors={{}} blocked={false} />));
    expect(screen.queryByTestId('dependency-note')).toBeNull();
    expect(document.querySelector<HTMLInputElement>('input[name="tag"]')!.disabled).toBe(false);
  });
});
