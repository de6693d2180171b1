import { AR_OFFSET, formatAxisDay, formatTime } from '../../../shared/dates';

// The sales chart's time axis: Spanish day names, dd/mm, 24-hour Buenos Aires time, exactly the chosen period.

/** The period the chart covers (the API's `period`): the x axis spans exactly it. */
export type ChartRange = { from: string; to: string; bucket: 'hour' | 'day' };

export const HOUR = 3600;

/** Buenos Aires bucket ('2026-11-23' or '2026-11-23 14') to a Unix time. */
export const bucketTime = (bucket: string) =>
  Date.parse(bucket.length > 10 ? `${bucket.replace(' ', 'T')}:00:00${AR_OFFSET}` : `${bucket}T00:00:00${AR_OFFSET}`) /
  1000;

/** Axis labels in Spanish, Buenos Aires time, 24 h: '14:00' per hour, 'lun 23/11' per day (with the year when it changes). */
export function tickLabel(seconds: number, bucket: 'hour' | 'day', withYear = false): string {
  const at = new Date(seconds * 1000);
  return bucket === 'hour' ? formatTime(at) : formatAxisDay(at, withYear);
}

/** Tick positions on whole buckets (hours or Buenos Aires midnights), at most about 8 of them. */
export function ticksOf(range: ChartRange): number[] {
  const from = Date.parse(range.from) / 1000;
  const to = Date.parse(range.to) / 1000;
  const unit = range.bucket === 'hour' ? HOUR : 24 * HOUR;
  const step = unit * Math.max(1, Math.ceil((to - from) / unit / 8));
  const ticks: number[] = [];
  for (let t = from; t < to; t += step) ticks.push(t);
  return ticks;
}
