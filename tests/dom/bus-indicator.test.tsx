// The header's event-bus indicator: one word per status, a screen-reader label with the reason, and
// Reconnect where nothing reconnects by itself.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EventBusProvider } from '../../renderers/data/eventBus';
import { BusIndicator } from '../../src/app/components/BusIndicator';
import { fakeBus } from './bus-harness';
import { withIntl } from './harness';

describe('the event-bus indicator', () => {
  it('shows nothing without a bus or before it starts', () => {
    const { container } = render(withIntl(<BusIndicator />));
    expect(container.textContent).toBe('');
    const bus = fakeBus('idle');
    const other = render(withIntl(<EventBusProvider client={bus.client}><BusIndicator /></EventBusProvider>));
    expect(other.container.textContent).toBe('');
  });

  it('follows the connection: live, reconnecting, offline and unauthorized, each announced with its reason', () => {
    const bus = fakeBus('connecting');
    render(withIntl(<EventBusProvider client={bus.client}><BusIndicator /></EventBusProvider>));
    const status = () => screen.getByRole('status');
    expect(status().textContent).toContain('Live updates: Reconnecting.');
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
    act(() => bus.setState('connected'));
    expect(status().textContent).toContain('Live updates: Connected. Changes made by others appear as they happen.');
    expect(status().getAttribute('aria-live')).toBe('polite');
    act(() => bus.setState('retrying'));
    expect(status().textContent).toContain('Reconnecting');
    act(() => bus.setState('stopped'));
    expect(status().textContent).toContain('Live updates: Offline. Live updates are off after a server error.');
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(bus.resets()).toBe(1);
    act(() => bus.setState('unauthorized'));
    expect(status().textContent).toContain('Signed out of live updates');
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    act(() => bus.setState('connected'));
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
  });
});
