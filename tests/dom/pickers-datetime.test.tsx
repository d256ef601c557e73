import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pickerLoaders } from '../../renderers/controls/picker/calendar/loaders';
import { compile, field, renderForm } from './harness';

const original = pickerLoaders.list;
afterEach(() => {
  pickerLoaders.list = original;
});

function stubList(items: Record<string, unknown>[]) {
  const calls: unknown[] = [];
  pickerLoaders.list = async (ref, params) => {
    calls.push({ ref, ...params });
    return { items: items.map((item, i) => ({ uuid: `u${i}`, ...item })) as never, total: items.length, pages: 1 };
  };
  return calls;
}

const at = (customData: Record<string, unknown> = {}) => field('at', 'picker', 'datetime', { constraints: { custom_data: customData } });
const step = () => screen.getByTestId('datetime-step').getAttribute('data-step');
/** The calendar step loads when the popup first opens (calendar/LazyCalendars.tsx): waits for its days. */
const calendarDrawn = () => screen.findAllByTestId('datetime-day');

describe('picker/datetime', () => {
  it('steps year -> month -> calendar -> time on each pick, Ok sets the value shown in the format', async () => {
    stubList([]);
    const { form } = renderForm({ view: compile([at()]) });
    fireEvent.click(screen.getByTestId('datetime-input'));
    expect(step()).toBe('year');
    expect(screen.getAllByTestId('datetime-year')).toHaveLength(201);
    fireEvent.click(screen.getByText('2031'));
    expect(step()).toBe('month');
    fireEvent.click(screen.getAllByTestId('datetime-month')[4]!);
    expect(step()).toBe('calendar');
    await calendarDrawn();
    fireEvent.click(document.querySelector('[data-testid="datetime-day"][data-date="2031-05-20"]')!);
    expect(step()).toBe('time');
    fireEvent.click(document.querySelector('[data-testid="datetime-hour"][data-hour="9"]')!);
    fireEvent.click(document.querySelector('[data-testid="datetime-minute"][data-minute="5"]')!);
    fireEvent.click(screen.getByTestId('datetime-ok'));
    expect(screen.queryByTestId('datetime-popup')).toBeNull();
    expect(form().store.value('at')).toBe('2031-05-20T09:05');
    expect((screen.getByTestId('datetime-input') as HTMLInputElement).value).toBe('2031-05-20 09:05');
    await act(async () => undefined);
  });

  it('keyboard: Enter advances through the steps and confirms; Escape cancels and keeps the value', async () => {
    stubList([]);
    const { form } = renderForm({ view: compile([at()]), record: { at: '2030-01-02T03:04' } });
    const input = screen.getByTestId('datetime-input');
    fireEvent.keyDown(input, { key: 'Enter' });
    const popup = screen.getByTestId('datetime-popup');
    for (const expected of ['month', 'calendar', 'time']) {
      fireEvent.keyDown(popup, { key: 'Enter' });
      expect(step()).toBe(expected);
    }
    fireEvent.keyDown(popup, { key: 'Escape' });
    expect(screen.queryByTestId('datetime-popup')).toBeNull();
    expect(form().store.value('at')).toBe('2030-01-02T03:04');
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(screen.getByText('2032'));
    fireEvent.keyDown(screen.getByTestId('datetime-popup'), { key: 'Tab' });
    expect(screen.queryByTestId('datetime-popup')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    for (let i = 0; i < 4; i++) fireEvent.keyDown(screen.getByTestId('datetime-popup'), { key: 'Enter' });
    expect(form().store.value('at')).toBe('2030-01-02T03:04');
    await act(async () => undefined);
  });

  it('the reset (x) button clears the value', async () => {
    stubList([]);
    const { form } = renderForm({ view: compile([at()]), record: { at: '2030-01-02T03:04' } });
    fireEvent.click(screen.getByTestId('datetime-reset'));
    expect(form().store.value('at')).toBeNull();
    expect(screen.queryByTestId('datetime-reset')).toBeNull();
    await act(async () => undefined);
  });

  it('disables hours outside availableHours and minutes off the step or held by other records (loaded for the day)', async () => {
    const calls = stubList([{ at: '2030-01-02T10:15' }]);
    renderForm({ view: compile([at({ availableHours: '9-17', minuteStep: 15 })]), record: { at: '2030-01-02T10:00' } });
    fireEvent.click(screen.getByTestId('datetime-input'));
    const popup = screen.getByTestId('datetime-popup');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(popup, { key: 'Enter' });
    expect(step()).toBe('time');
    await waitFor(() => expect(document.querySelector('[data-testid="datetime-minute"][data-minute="15"]')!.getAttribute('data-disabled')).toBe('true'));
    expect(calls[0]).toMatchObject({ ref: 'orders', dateFrom: '2030-01-02', dateTo: '2030-01-02', dateField: 'at' });
    expect(screen.getAllByTestId('datetime-minute').map((b) => b.getAttribute('data-minute'))).toEqual(['0', '15', '30', '45']);
    expect(document.querySelector('[data-testid="datetime-minute"][data-minute="30"]')!.getAttribute('data-disabled')).toBe('false');
    expect(document.querySelector('[data-testid="datetime-hour"][data-hour="8"]')!.hasAttribute('disabled')).toBe(true);
    expect(document.querySelector('[data-testid="datetime-hour"][data-hour="17"]')!.hasAttribute('disabled')).toBe(false);
  });

  it('the calendar step moves by arrow keys and picks with Enter; en_US weeks start on Sunday', async () => {
    stubList([]);
    const { form } = renderForm({ view: compile([at()]), record: { at: '2030-01-15T10:00' } });
    fireEvent.click(screen.getByTestId('datetime-input'));
    fireEvent.keyDown(screen.getByTestId('datetime-popup'), { key: 'Enter' });
    fireEvent.keyDown(screen.getByTestId('datetime-popup'), { key: 'Enter' });
    expect(step()).toBe('calendar');
    expect((await calendarDrawn())[0]!.getAttribute('data-date')).toBe('2029-12-30'); // a Sunday
    await waitFor(() => expect(document.activeElement?.getAttribute('data-date')).toBe('2030-01-15'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.getAttribute('data-date')).toBe('2030-01-23'));
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    fireEvent.keyUp(document.activeElement!, { key: 'Enter' });
    expect(step()).toBe('time');
    fireEvent.click(screen.getByTestId('datetime-ok'));
    expect(form().store.value('at')).toBe('2030-01-23T10:00');
  });

  it('days outside from/to are disabled in the calendar', async () => {
    stubList([]);
    renderForm({ view: compile([at({ from: '2030-01-10', to: '2030-01-20' })]), record: { at: '2030-01-15T10:00' } });
    fireEvent.click(screen.getByTestId('datetime-input'));
    fireEvent.keyDown(screen.getByTestId('datetime-popup'), { key: 'Enter' });
    fireEvent.keyDown(screen.getByTestId('datetime-popup'), { key: 'Enter' });
    const day = (d: string) => document.querySelector(`[data-testid="datetime-day"][data-date="${d}"]`)!;
    await calendarDrawn();
    expect(day('2030-01-09').getAttribute('data-disabled')).toBe('true');
    expect(day('2030-01-10').getAttribute('data-disabled')).toBe('false');
    expect(day('2030-01-21').getAttribute('data-disabled')).toBe('true');
    await act(async () => undefined);
  });
});
