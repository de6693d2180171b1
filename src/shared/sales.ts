import { AR_OFFSET } from './dates';

/** Periods of the sales back office (dashboard, lists, finance). Days are Buenos Aires days. */
export const SALES_PERIODS = ['hoy', '7d', '30d', '90d', 'custom'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

export const ORDER_STATUSES_FILTER = ['paid', 'refunded', 'pending_payment', 'held', 'failed', 'expired'] as const;

/**
 * The instants [from, to) of a period seen from `now` in Buenos Aires, in the stored form (UTC ISO), and
 * the bucket of its chart. 'todo' is no bound.
 */
export function salesPeriodRange(
  period: SalesPeriod | 'todo',
  from?: string,
  to?: string,
  now: Date = new Date(),
): { from: string; to: string; bucket: 'hour' | 'day' } | null {
  if (period === 'todo') return null;
  const dayStart = (day: string) => new Date(`${day}T00:00:00${AR_OFFSET}`).getTime();
  const arToday = new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
  const end = dayStart(arToday) + 86_400_000;
  if (period === 'custom' && from && to) {
    return {
      from: new Date(dayStart(from)).toISOString(),
      to: new Date(dayStart(to) + 86_400_000).toISOString(),
      bucket: from === to ? 'hour' : 'day',
    };
  }
  const days = period === 'hoy' ? 1 : period === '7d' ? 7 : period === '90d' ? 90 : 30;
  return {
    from: new Date(end - days * 86_400_000).toISOString(),
    to: new Date(end).toISOString(),
    bucket: days === 1 ? 'hour' : 'day',
  };
}
