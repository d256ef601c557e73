// The ECharts option of a chart widget: its items' label and value keys as categories and one series,
// in the theme's colours (read from the page's CSS variables, so light and dark both read well).
import type { ChartType } from '../../../../runtime/api/widgets';

export interface ChartColours {
  text: string;
  muted: string;
  border: string;
  surface: string;
  palette: string[];
}

/** The current theme's colours, from the CSS variables of styles.css. */
export function themeColours(element: Element = document.documentElement): ChartColours {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: read('--text', '#1b1f29'),
    muted: read('--muted', '#5d6675'),
    border: read('--border', '#e1e4ea'),
    surface: read('--surface', '#ffffff'),
    palette: [read('--primary', '#5b4ff5'), read('--info', '#1a66b5'), read('--success', '#17724a'), read('--warning', '#9a5b00'), read('--danger', '#c4233b'), read('--muted', '#5d6675')],
  };
}

const labelText = (value: unknown) => (value === null || value === undefined ? '—' : String(value));
const numberOf = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);

export function chartOption(type: ChartType, items: Record<string, unknown>[], keys: { label: string; value: string | null }, colours: ChartColours) {
  const labels = items.map((item) => labelText(item[keys.label]));
  const values = items.map((item) => (keys.value ? numberOf(item[keys.value]) : 0));
  const text = { color: colours.text };
  const tooltip = { backgroundColor: colours.surface, borderColor: colours.border, textStyle: text };
  if (type === 'pie') {
    return {
      color: colours.palette,
      tooltip: { ...tooltip, trigger: 'item' },
      legend: { bottom: 0, type: 'scroll', textStyle: text },
      series: [{ type: 'pie', radius: ['35%', '65%'], data: labels.map((name, i) => ({ name, value: values[i] })), label: { color: colours.text }, itemStyle: { borderColor: colours.surface, borderWidth: 2 } }],
    };
  }
  const axis = { axisLine: { lineStyle: { color: colours.border } }, axisLabel: { color: colours.muted }, splitLine: { lineStyle: { color: colours.border } } };
  return {
    color: colours.palette,
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: { ...tooltip, trigger: 'axis' },
    xAxis: { type: 'category', data: labels, ...axis },
    yAxis: { type: 'value', ...axis },
    series: [{ type, data: values, name: keys.value ?? '', smooth: type === 'line', ...(type === 'bar' ? { barMaxWidth: 48 } : {}) }],
  };
}
