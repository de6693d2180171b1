import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { TIME_ZONE } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';
import { bucketTime, type ChartRange, HOUR, tickLabel, ticksOf } from '../lib/chart-axis';

type Point = { bucket: string; total: number; orders: number };

const AXIS = {
  stroke: '#b9b4cc',
  grid: { stroke: 'rgba(255,255,255,0.08)' },
  ticks: { stroke: 'rgba(255,255,255,0.15)' },
};

/** Sales over time as bars (uPlot, canvas): money per hour or day, in Buenos Aires time, over exactly `range`. */
export function SalesChart({ points, label, range }: { points: Point[]; label: string; range: ChartRange }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [points.map((p) => bucketTime(p.bucket)), points.map((p) => p.total / 100)];
    const from = Date.parse(range.from) / 1000;
    const to = Date.parse(range.to) / 1000;
    const half = (range.bucket === 'hour' ? HOUR : 24 * HOUR) / 2;
    const ticks = ticksOf(range);
    const years = new Set(ticks.map((t) => new Date((t - 3 * HOUR) * 1000).getUTCFullYear()));
    const chart = new uPlot(
      {
        width: el.clientWidth || 600,
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), TIME_ZONE),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          // The period itself, whatever the data: a lone bar never stretches the axis over years.
          x: { time: true, range: () => [from - half, to - half] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
        },
        axes: [
          {
            ...AXIS,
            splits: () => ticks,
            values: (_u, values) => values.map((t) => tickLabel(t, range.bucket, years.size > 1)),
          },
          { ...AXIS, size: 80, values: (_u, values) => values.map((t) => formatMoney(Math.round(t * 100))) },
        ],
        series: [
          {},
          {
            label,
            stroke: '#f472b6',
            fill: 'rgba(244,114,182,0.45)',
            paths: uPlot.paths.bars?.({ size: [0.7, 48] }),
            points: { show: false },
          },
        ],
      },
      data,
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 240 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [points, label, range]);
  return <div ref={box} role="img" aria-label={label} className="w-full" />;
}
