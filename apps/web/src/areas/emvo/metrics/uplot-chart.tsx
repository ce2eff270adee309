import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One series over the x values: its label, its values (null: no value there) and how it is drawn. */
export interface ChartSeries {
  label: string;
  values: ReadonlyArray<number | null>;
  kind: 'bars' | 'line';
}

export interface UPlotChartProps {
  /** The x axis's label of each point (a stage, a week). */
  labels: readonly string[];
  series: ChartSeries;
  /** The y scale's fixed range, when it has one (a percentage: 0 to 100). */
  range?: [number, number];
  height?: number;
}

/** The design tokens' colours, read from CSS custom properties, with a fallback. */
function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/**
 * A uPlot chart drawn on a canvas (a small chart library, loaded only by the metrics screen).
 * The canvas is hidden from assistive technology: the chart's figure carries the same numbers as a table.
 */
export function UPlotChart({ labels, series, range, height = 260 }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const colour = cssColor('--color-primary', '#1f5fa8');
    const width = () => Math.max(target.clientWidth, 280);
    const bars = uPlot.paths.bars?.({ size: [0.6, 64] });
    const longest = Math.max(0, ...labels.map((label) => label.length));
    const chart = new uPlot(
      {
        width: width(),
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: [-0.5, labels.length - 0.5] },
          // Bars stand on zero (a scale from the smallest count would exaggerate the differences).
          y: { range: range ?? ((_self, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))]) },
        },
        axes: [
          {
            splits: () => labels.map((_, index) => index),
            values: (_self, splits) => splits.map((split) => labels[split] ?? ''),
            // Slanted, so that long labels (stages, weeks) never run into each other.
            rotate: -40,
            size: 24 + longest * 5.5,
          },
          {},
        ],
        series: [
          {},
          {
            label: series.label,
            stroke: colour,
            width: 2,
            ...(series.kind === 'bars' ? { fill: colour, paths: bars } : { points: { show: true, size: 6 } }),
          },
        ],
      },
      [labels.map((_, index) => index), [...series.values]],
      target,
    );
    const resize = () => chart.setSize({ width: width(), height });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.destroy();
    };
  }, [labels, series, range, height]);
  return <div ref={box} aria-hidden="true" />;
}
