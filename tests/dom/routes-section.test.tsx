// The Routes section of the component settings: a path typed in any case is added lower case, the
// same path again (in another case) is refused with the spec's message, and an added path is read-only.
import { fireEvent, render, screen } from '@testing-library/react';
import { produce, type Draft } from 'immer';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../runtime/components';
import type { ComponentModel } from '../../runtime/client/components';
import { CATALOGUES } from '../../runtime/i18n/catalogues';
import { RoutesSection } from '../../src/app/features/components/settings/RoutesSection';
import './harness';

function Harness() {
  const [model, setModel] = useState(
    () => ({ uuid: '00000000-0000-4000-8000-000000000001', name: 'orders', scope: 'shop', ref: 'shop/orders', settings: defaultSettings('v1') }) as unknown as ComponentModel,
  );
  const update = (recipe: (d: Draft<ComponentModel>) => void) => setModel((m) => produce(m, recipe));
  return (
    <IntlProvider locale="en" messages={CATALOGUES.en_US}>
      <RoutesSection model={model} update={update} errors={{}} />
      <output data-testid="paths">{Object.keys(model.settings.routes).join(',')}</output>
    </IntlProvider>
  );
}

describe('RoutesSection', () => {
  it('lowers a new path, refuses it again in another case, keeps it read-only', () => {
    render(<Harness />);
    expect(screen.getByText('No routes yet.')).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('input[name="route-path"]')!;
    fireEvent.change(input, { target: { value: 'Orders/Summary' } });
    fireEvent.click(screen.getByTestId('route-add'));
    expect(screen.getByTestId('paths').textContent).toBe('orders/summary');
    expect(document.querySelector<HTMLInputElement>('input[name="routes.orders/summary"]')!.readOnly).toBe(true);

    fireEvent.change(input, { target: { value: 'ORDERS/summary' } });
    fireEvent.click(screen.getByTestId('route-add'));
    expect(screen.getByText('A route with the same path already exists.')).toBeTruthy();
    expect(screen.getByTestId('paths').textContent).toBe('orders/summary');

    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.click(screen.getByTestId('route-add'));
    expect(screen.getByText("Can't be less then 2 characters")).toBeTruthy();
  });
});
