import { salesPeriodRange } from '../../../../src/shared/sales';
import type { OrderSearchQuery } from '../../../../src/shared/schemas/sales';
import type { SalesScope } from './scope';

export type OrderListRow = {
  id: string;
  event_id: number;
  event_title: string;
  status: string;
  buyer_name: string | null;
  buyer_email: string | null;
  buyer_dni: string | null;
  total_cents: number;
  refunded_cents: number;
  created_at: string;
  paid_at: string | null;
  payment_type: string | null;
  tickets: number;
  kind: 'sale' | 'invitation';
};

/**
 * What the free text is, so each kind uses its index: an e-mail, a DNI (7-8 digits), an order number
 * (its first hex characters or all of it), a ticket id or code; anything else is a name. Seven or eight digits
 * are a DNI or the start of an order number (the eight characters the back office shows can all be digits).
 */
function textCondition(q: string): { sql: string; binds: string[] } {
  if (q.includes('@')) return { sql: 'o.buyer_email = ? collate nocase', binds: [q] };
  if (/^\d{7,8}$/.test(q)) return { sql: '(o.buyer_dni = ? or (o.id >= ? and o.id < ?))', binds: [q, q, `${q}\uffff`] };
  const conditions: string[] = [];
  const binds: string[] = [];
  if (/^[0-9a-f-]{4,36}$/i.test(q)) {
    conditions.push('(o.id >= ? and o.id < ?)');
    binds.push(q.toLowerCase(), `${q.toLowerCase()}\uffff`);
  }
  if (/^[A-Za-z0-9_.-]{16,}$/.test(q)) {
    conditions.push('o.id in (select order_id from tickets where id = ? or code = ?)');
    binds.push(q, q);
  }
  conditions.push("o.buyer_name like ? escape '\\'");
  binds.push(`%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
  return { sql: `(${conditions.join(' or ')})`, binds };
}

/** The filtered, paginated order list of the back office (newest first) with its total count. */
export async function searchOrders(db: D1Database, scope: SalesScope, query: OrderSearchQuery) {
  const conditions = [scope.sql];
  const binds: (string | number)[] = [...scope.binds];
  if (query.status) {
    conditions.push('o.status = ?');
    binds.push(query.status);
  }
  if (query.ticket_type_id) {
    conditions.push('exists (select 1 from order_items i where i.order_id = o.id and i.ticket_type_id = ?)');
    binds.push(query.ticket_type_id);
  }
  if (query.event_date_id) {
    conditions.push(
      'exists (select 1 from order_items i join ticket_types tt on tt.id = i.ticket_type_id where i.order_id = o.id and tt.event_date_id = ?)',
    );
    binds.push(query.event_date_id);
  }
  if (query.payment_type) {
    conditions.push('exists (select 1 from payments p where p.id = o.payment_id and p.payment_type_id = ?)');
    binds.push(query.payment_type);
  }
  const range = salesPeriodRange(query.period, query.from, query.to);
  if (range) {
    conditions.push('o.created_at >= ? and o.created_at < ?');
    binds.push(range.from, range.to);
  }
  if (query.q) {
    const text = textCondition(query.q);
    conditions.push(text.sql);
    binds.push(...text.binds);
  }
  const where = conditions.join(' and ');
  const offset = (query.page - 1) * query.per_page;
  const [count, rows] = await db.batch([
    db.prepare(`select count(*) as n from orders o where ${where}`).bind(...binds),
    db
      .prepare(
        `select o.id, o.event_id, e.title as event_title, o.status, o.buyer_name, o.buyer_email, o.buyer_dni,
                o.total_cents, o.refunded_cents, o.created_at, o.paid_at, o.kind,
                (select p.payment_type_id from payments p where p.id = o.payment_id) as payment_type,
                (select coalesce(sum(i.quantity), 0) from order_items i where i.order_id = o.id) as tickets
         from (select * from orders o where ${where} order by o.created_at desc limit ? offset ?) o
         join events e on e.id = o.event_id order by o.created_at desc`,
      )
      .bind(...binds, query.per_page, offset),
  ]);
  const total = (count.results[0] as { n: number }).n;
  return {
    data: rows.results as OrderListRow[],
    pagination: {
      page: query.page,
      per_page: query.per_page,
      total,
      pages: Math.max(1, Math.ceil(total / query.per_page)),
    },
  };
}
