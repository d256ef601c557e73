// A widget's settings form (docs/widgets.md "Settings"): the JSON Schema of runtime/api/widgets.ts
// rendered by @rjsf/core through our own controls (labelled inputs named widget.{key}, no rjsf
// bootstrap classes, no submit button of its own), the chart type for charts only and the row count for
// tables only, the project's components by label, the messages of a save at their fields, and the
// draft saved as the widget call takes it (JSON text parsed; text that does not parse named).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { componentKeys } from '../../renderers/data/components';
import { EMPTY_DRAFT, writeOf, type WidgetDraft } from '../../src/app/features/widgets/draft';
import { SettingsForm } from '../../src/app/features/widgets/SettingsForm';
import { withIntl } from './harness';

const SALES = '00000000-0000-4000-8000-00000000a001';
const STOCK = '00000000-0000-4000-8000-00000000a002';

const component = (uuid: string, name: string, label: string) => ({ uuid, name, ref: uuid, scope: null, label: { en_US: label }, displayName: '' });

function Harness({ start, errors = {}, seen }: { start: WidgetDraft; errors?: Record<string, string[]>; seen: WidgetDraft[] }) {
  const [draft, setDraft] = useState(start);
  return (
    <SettingsForm
      draft={draft}
      errors={errors}
      onChange={(next) => {
        seen.push(next);
        setDraft(next);
      }}
    />
  );
}

function mount(start: WidgetDraft = EMPTY_DRAFT, errors: Record<string, string[]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(componentKeys.all, [component(SALES, 'sales', 'Sales'), component(STOCK, 'stock', 'Stock')]);
  const seen: WidgetDraft[] = [];
  const result = render(withIntl(<QueryClientProvider client={client}>{<Harness start={start} errors={errors} seen={seen} />}</QueryClientProvider>));
  return { ...result, seen, last: () => seen[seen.length - 1]! };
}

const input = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[name="widget.${name}"]`);

describe('the widget settings form', () => {
  it('renders the schema with our labelled controls, never rjsf’s default look', () => {
    const { container } = mount();
    for (const [label, name] of [
      ['Name', 'name'],
      ['Kind', 'kind'],
      ['Chart', 'chart'],
      ['Component', 'component'],
      ['Filter ($adv, JSON)', 'filter'],
      ['Aggregation ($aggregate, JSON)', 'aggregate'],
      ['Refresh every (seconds, 0 never)', 'refresh_seconds'],
    ] as const) {
      expect(screen.getByLabelText(label, { exact: true }).getAttribute('name'), label).toBe(`widget.${name}`);
    }
    // rjsf's bootstrap theme would bring these; ours has none and no submit button of its own.
    expect(container.querySelector('.form-group, .btn, .control-label, button[type="submit"]')).toBeNull();
    expect(container.querySelectorAll('.field').length).toBeGreaterThanOrEqual(7);
    // The components by label, the kinds and chart types by their words.
    const options = (name: string) => [...(input(name) as HTMLSelectElement).options].map((option) => option.textContent);
    expect(options('component')).toEqual(['Choose…', 'Sales', 'Stock']);
    expect(options('kind')).toEqual(['Choose…', 'Number', 'Table', 'Chart']);
    expect(options('chart')).toEqual(['Choose…', 'Bar chart', 'Line chart', 'Pie chart']);
    expect(input('limit')).toBeNull();
  });

  it('edits the draft: each change reaches onChange; the chart type only for charts, the rows only for tables', () => {
    const { last } = mount();
    fireEvent.change(screen.getByLabelText('Name', { exact: true }), { target: { value: 'Sales by region' } });
    expect(last().name).toBe('Sales by region');
    fireEvent.change(input('component')!, { target: { value: SALES } });
    expect(last().component).toBe(SALES);
    fireEvent.change(input('chart')!, { target: { value: 'pie' } });
    expect(last().chart).toBe('pie');
    fireEvent.change(input('aggregate')!, { target: { value: '[{"$group": {"_id": "$region", "n": {"$sum": 1}}}]' } });
    expect(last().aggregate).toContain('$region');
    fireEvent.change(input('refresh_seconds')!, { target: { value: '30' } });
    expect(last().refresh_seconds).toBe(30);
    fireEvent.change(input('kind')!, { target: { value: 'table' } });
    expect(last().kind).toBe('table');
    expect(input('chart')).toBeNull();
    expect(input('limit')).not.toBeNull();
    fireEvent.change(input('limit')!, { target: { value: '25' } });
    expect(last()).toMatchObject({ name: 'Sales by region', kind: 'table', component: SALES, limit: 25, refresh_seconds: 30 });
    // Saved as the call takes it: the pipeline parsed, a table's rows, no chart type.
    const { write, invalid } = writeOf(last());
    expect(invalid).toEqual([]);
    expect(write).toEqual({
      name: 'Sales by region',
      kind: 'table',
      component: SALES,
      thunder: null,
      settings: { filter: null, aggregate: [{ $group: { _id: '$region', n: { $sum: 1 } } }], refresh_seconds: 30, limit: 25 },
    });
  });

  it('a data set as the source: the set instead of the component, no filter or pipeline', () => {
    const { write } = writeOf({ ...EMPTY_DRAFT, name: 'Totals', kind: 'number', source: 'thunder', thunder: 'set-uuid', component: SALES, aggregate: '[{"$group": {}}]' });
    expect(write).toEqual({ name: 'Totals', kind: 'number', component: null, thunder: 'set-uuid', settings: { filter: null, aggregate: null, refresh_seconds: 60 } });
  });

  it("shows a save's messages at their fields, and names JSON that does not parse", () => {
    const draft: WidgetDraft = { ...EMPTY_DRAFT, name: 'x', component: SALES, filter: '{"price": ', aggregate: '[]' };
    mount(draft, { name: ['cantBeLessThenChars'], filter: ['widgets.invalidJson'], aggregate: ['fieldRequired'] });
    expect(screen.getByText('This is not valid JSON.')).toBeTruthy();
    expect(screen.getByLabelText('Filter ($adv, JSON)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(3);
    expect(writeOf(draft).invalid).toEqual(['filter']);
  });
});
