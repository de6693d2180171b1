import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { AR_OFFSET, TIME_ZONE } from '../../../shared/dates';
import { formatMoney } from '../../../shared/money';

type Point = { bucket: string; total: number; orders: number };

/** Buenos Aires bucket ('2026-11-23' or '2026-11-23 14') to a Unix time. */
const bucketTime = (bucket: string) =>
  Date.parse(bucket.length > 10 ? `${bucket.replace(' ', 'T')}:00:00${AR_OFFSET}` : `${bucket}T00:00:00${AR_OFFSET}`) /
  1000;

const AXIS = {
  stroke: '#b9b4cc',
  grid: { stroke: 'rgba(255,255,255,0.08)' },
  ticks: { stroke: 'rgba(255,255,255,0.15)' },
};

/** Sales over time as bars (uPlot, canvas): money per hour or day, in Buenos Aires time. */
export function SalesChart({ points, label }: { points: Point[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [points.map((p) => bucketTime(p.bucket)), points.map((p) => p.total / 100)];
    const chart = new uPlot(
      {
        width: el.clientWidth || 600,
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), TIME_ZONE),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } },
        axes: [AXIS, { ...AXIS, size: 80, values: (_u, ticks) => ticks.map((t) => formatMoney(Math.round(t * 100))) }],
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
  }, [points, label]);
  return <div ref={box} role="img" aria-label={label} className="w-full" />;
}
