import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickerLoaders } from '../../renderers/controls/picker/calendar/loaders';
import { compile, field, renderForm } from './harness';

const original = pickerLoaders.list;
afterEach(() => {
  pickerLoaders.list = original;
  vi.useRealTimers();
});

function stubList(items: Record<string, unknown>[]) {
  const calls: Record<string, unknown>[] = [];
  pickerLoaders.list = async (ref, params) => {
    calls.push({ ref, ...params });
    return { items: items.map((item, i) => ({ uuid: `u${i}`, ...item })) as never, total: items.length, pages: 1 };
  };
  return calls;
}

const stay = (customData: Record<string, unknown> = {}) => field('stay', 'picker', 'daterange', { constraints: { custom_data: customData } });
const day = (d: string) => document.querySelector(`[data-testid="daterange-day"][data-date="${d}"]`) as HTMLButtonElement;
/** The range calendar loads when the popup first opens (calendar/LazyCalendars.tsx): waits for its days. */
const calendarDrawn = () => screen.findAllByTestId('daterange-day');

describe('picker/daterange', () => {
  it('weeks start on Monday; two clicks and Ok set {startDate, endDate}', async () => {
    stubList([]);
    const { form } = renderForm({ view: compile([stay(), field('title', 'input', 'text')]), record: { stay: { startDate: '2030-04-01', endDate: '2030-04-02' } } });
    fireEvent.click(screen.getByTestId('daterange-input'));
    const days = await calendarDrawn();
    expect(days[0]!.getAttribute('data-date')).toBe('2030-04-01'); // a Monday
    fireEvent.click(day('2030-04-10'));
    fireEvent.click(day('2030-04-08'));
    fireEvent.click(screen.getByTestId('daterange-ok'));
    expect(form().store.value('stay')).toEqual({ startDate: '2030-04-08', endDate: '2030-04-10' });
    expect((screen.getByTestId('daterange-input') as HTMLInputElement).value).toBe('2030-04-08 – 2030-04-10');
    await act(async () => undefined);
  });

  it('Cancel and Escape drop the draft', async () => {
    stubList([]);
    const { form } = renderForm({ view: compile([stay()]), record: { stay: { startDate: '2030-04-01', endDate: '2030-04-02' } } });
    fireEvent.click(screen.getByTestId('daterange-input'));
    await calendarDrawn();
    fireEvent.click(day('2030-04-10'));
    fireEvent.keyDown(screen.getByTestId('daterange-popup'), { key: 'Escape' });
    expect(screen.queryByTestId('daterange-popup')).toBeNull();
    fireEvent.click(screen.getByTestId('daterange-input'));
    fireEvent.click(screen.getByTestId('daterange-cancel'));
    expect(form().store.value('stay')).toEqual({ startDate: '2030-04-01', endDate: '2030-04-02' });
    await act(async () => undefined);
  });

  it("disables every day of other records' ranges (inclusive) and shows invalidDates for a range across them", async () => {
    const calls = stubList([{ stay: { startDate: '2030-04-14', endDate: '2030-04-16' } }]);
    const { form } = renderForm({ view: compile([stay()]), record: { stay: { startDate: '2030-04-01', endDate: '2030-04-02' } } });
    fireEvent.click(screen.getByTestId('daterange-input'));
    await waitFor(() => expect(day('2030-04-14').getAttribute('data-disabled')).toBe('true'));
    expect(day('2030-04-15').getAttribute('data-disabled')).toBe('true');
    expect(day('2030-04-16').getAttribute('data-disabled')).toBe('true');
    expect(day('2030-04-13').getAttribute('data-disabled')).toBe('false');
    expect(day('2030-04-17').getAttribute('data-disabled')).toBe('false');
    expect(calls[0]).toMatchObject({ ref: 'orders', limit: -1 });
    fireEvent.click(day('2030-04-12'));
    fireEvent.click(day('2030-04-18'));
    fireEvent.click(screen.getByTestId('daterange-ok'));
    await waitFor(() => expect(screen.getByTestId('field-error-stay').textContent).toMatch(/Invalid dates/));
    expect(form().hasErrors()).toBe(true);
  });

  it('disablePastDates / disableFutureDates disable the days around today', async () => {
    stubList([]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 3, 15, 12));
    renderForm({ view: compile([stay({ disablePastDates: true, disableFutureDates: true })]) });
    fireEvent.click(screen.getByTestId('daterange-input'));
    await calendarDrawn();
    expect(day('2030-04-14').getAttribute('data-disabled')).toBe('true');
    expect(day('2030-04-15').getAttribute('data-disabled')).toBe('false');
    expect(day('2030-04-16').getAttribute('data-disabled')).toBe('true');
    await act(async () => undefined);
  });

  it('reloads the taken days when the form model changes, after 500 ms of quiet', async () => {
    const calls = stubList([]);
    const { container } = renderForm({ view: compile([stay(), field('title', 'input', 'text')]) });
    await waitFor(() => expect(calls.length).toBe(1));
    vi.useFakeTimers();
    fireEvent.change(container.querySelector('input[name="title"]')!, { target: { value: 'a' } });
    fireEvent.change(container.querySelector('input[name="title"]')!, { target: { value: 'ab' } });
    await act(async () => vi.advanceTimersByTime(499));
    expect(calls.length).toBe(1);
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(calls.length).toBe(2));
  });
});
