// A chart widget drawn with Apache ECharts: only the core, the bar, line and pie charts, the grid,
// tooltip and legend components and the SVG renderer are imported (tree-shaken), and this module
// is loaded only when a chart is drawn (React.lazy in WidgetView), so no first page pays for it. It draws
// again when the theme or the size changes.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use, type ECharts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { ChartType } from '../../../../runtime/api/widgets';
import { themeStore } from '../../../../renderers/ui/prefs';
import { useStore } from '../../../../renderers/ui/store';
import { chartOption, themeColours } from './chartOption';

use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export default function WidgetChart({ type, items, keys, label }: { type: ChartType; items: Record<string, unknown>[]; keys: { label: string; value: string | null }; label: string }) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const theme = useStore(themeStore);
  useEffect(() => {
    const node = element.current!;
    const instance = init(node, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(node);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(chartOption(type, items, keys, themeColours()), { notMerge: true });
  }, [type, items, keys.label, keys.value, theme]);
  return <div ref={element} className="widget-chart" role="img" aria-label={label} data-testid="widget-chart" data-chart={type} />;
}
