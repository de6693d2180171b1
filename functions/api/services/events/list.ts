import { toArIso } from '../../../../src/shared/dates';
import type { EventStatus } from '../../../../src/shared/schemas/events';
import { likeEvery, searchPatterns } from './search';

const NOW_SQL = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

export type ManagedEventRow = {
  id: number;
  title: string;
  status: EventStatus;
  category: string;
  starts_at: string | null;
  producer_id: number;
  producer_name: string;
  cover_key: string | null;
  rejection_reason: string | null;
  capacity: number;
  sold: number;
};

/** The back-office list: events of the given producers (null: all), optional producer, status and text filters. */
export async function listManagedEvents(
  db: D1Database,
  producerIds: number[] | null,
  filters: { producer_id?: number; status?: EventStatus; q?: string },
): Promise<ManagedEventRow[]> {
  if (producerIds && producerIds.length === 0) return [];
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  if (producerIds) add(`e.producer_id in (${producerIds.map(() => '?').join(',')})`, ...producerIds);
  if (filters.producer_id) add('e.producer_id = ?', filters.producer_id);
  if (filters.status) add('e.status = ?', filters.status);
  if (filters.q) {
    const patterns = searchPatterns(filters.q);
    add(`e.id in (select s.event_id from events_search s where ${likeEvery('s.admin_text', patterns)})`, ...patterns);
  }
  const { results } = await db
    .prepare(
      `select e.id, e.title, e.status, e.category, e.starts_at, e.producer_id, p.name as producer_name, e.cover_key,
              e.rejection_reason,
              (select coalesce(sum(t.capacity), 0) from ticket_types t join event_dates d on d.id = t.event_date_id where d.event_id = e.id) as capacity,
              (select coalesce(sum(t.sold), 0) from ticket_types t join event_dates d on d.id = t.event_date_id where d.event_id = e.id) as sold
         from events e join producers p on p.id = e.producer_id
        ${where.length ? `where ${where.join(' and ')}` : ''}
        order by case e.status when 'en_revision' then 0 when 'borrador' then 1 when 'publicado' then 2 else 3 end,
                 e.starts_at desc limit 200`,
    )
    .bind(...params)
    .all<ManagedEventRow>();
  return results;
}

/** Marks published events whose last date started more than 12 hours ago as finished (cron, idempotent). */
export async function finishPastEvents(db: D1Database, now = new Date()) {
  const cutoff = toArIso(new Date(now.getTime() - 12 * 3_600_000));
  await db
    .prepare(
      `update events set status = 'finalizado', updated_at = ${NOW_SQL} where status = 'publicado' and last_starts_at < ?`,
    )
    .bind(cutoff)
    .run();
}
