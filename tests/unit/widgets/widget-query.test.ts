// What a widget asks the record list (widgetListQuery), which item keys it shows (widgetKeys), and the
// chart option built from its items in the theme's colours (chartOption): a chart's categories and
// values are its items', in order, and the colours are the theme's, never ECharts' defaults.
import { describe, expect, it } from 'vitest';
import { widgetKeys, widgetListQuery } from '../../../runtime/api/widgets';
import { chartOption, type ChartColours } from '../../../src/app/features/widgets/chartOption';

const DARK: ChartColours = { text: '#e7e9ef', muted: '#9aa3b5', border: '#2b3040', surface: '#171a23', palette: ['#8a80ff', '#6cb2ff'] };
const PIPELINE = [{ $group: { _id: '$region', total: { $sum: '$amount' } } }];
const ITEMS = [
  { _id: 'East', total: 21 },
  { _id: 'North', total: 40 },
  { _id: null, total: '3' },
];

describe('a widget’s list query', () => {
  it('sends the filter as $adv and the pipeline as $aggregate, as text; without a pipeline a page of records', () => {
    expect(widgetListQuery('chart', { filter: { amount: { $gte: 10 } }, aggregate: PIPELINE })).toEqual({ $adv: '{"amount":{"$gte":10}}', $aggregate: JSON.stringify(PIPELINE) });
    expect(widgetListQuery('number', {})).toEqual({ limit: '1' });
    expect(widgetListQuery('table', { limit: 25, filter: {} })).toEqual({ limit: '25' });
    expect(widgetListQuery('table', { aggregate: [] })).toEqual({ limit: '10' });
  });

  it('shows `_id` and the first other key unless told', () => {
    expect(widgetKeys({}, ITEMS)).toEqual({ label: '_id', value: 'total' });
    expect(widgetKeys({ label: 'total', value: '_id' }, ITEMS)).toEqual({ label: 'total', value: '_id' });
    expect(widgetKeys({}, [])).toEqual({ label: '_id', value: null });
  });
});

describe('the chart option', () => {
  it('bar and line: the labels along the axis and the values up it, in the theme’s colours', () => {
    for (const type of ['bar', 'line'] as const) {
      const option = chartOption(type, ITEMS, { label: '_id', value: 'total' }, DARK) as Record<string, any>;
      expect(option.xAxis.data).toEqual(['East', 'North', '—']);
      expect(option.series[0]).toMatchObject({ type, data: [21, 40, 3] });
      expect(option.color).toEqual(DARK.palette);
      expect(option.xAxis.axisLabel.color).toBe(DARK.muted);
      expect(option.tooltip.textStyle.color).toBe(DARK.text);
    }
  });

  it('pie: one slice per item with its label, legend text in the theme', () => {
    const option = chartOption('pie', ITEMS, { label: '_id', value: 'total' }, DARK) as Record<string, any>;
    expect(option.series[0].data).toEqual([
      { name: 'East', value: 21 },
      { name: 'North', value: 40 },
      { name: '—', value: 3 },
    ]);
    expect(option.legend.textStyle.color).toBe(DARK.text);
    expect(option.series[0].itemStyle.borderColor).toBe(DARK.surface);
  });
});

describe('the pipeline the helper writes', () => {
  it('groups by the field and counts, or sums, averages, takes the least or the most of a number field; sorted by the group', async () => {
    const { groupPipeline } = await import('../../../src/app/features/widgets/PipelineHelper');
    expect(groupPipeline('region', 'count', '')).toEqual({ aggregate: [{ $group: { _id: '$region', count: { $sum: 1 } } }, { $sort: { _id: 1 } }], value: 'count' });
    expect(groupPipeline('region', 'avg', 'amount')).toEqual({ aggregate: [{ $group: { _id: '$region', avg_amount: { $avg: '$amount' } } }, { $sort: { _id: 1 } }], value: 'avg_amount' });
  });
});
