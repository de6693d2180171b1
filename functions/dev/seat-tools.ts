import { Hono } from 'hono';
import { z } from 'zod';
import { MSG } from '../../src/shared/messages/common';
import { aloneSeats, blockWithoutAlone, leftAlone, placedSeats, rowPlan, rowsOf } from '../../src/shared/seats';
import { seatedDates } from '../api/services/seating/availability';
import { inventoryOf } from '../durable-objects/stubs';
import { createBuyerAccounts, createBuyers } from './checkout-tools';
import { STADIUM_WANTED, seedStadium } from './seeds/stadium';

/**
 * Development-only helpers for the seat benchmark (scripts/bench-seats.mjs, mounted at /dev/seats): a fresh copy
 * of the demo stadium (seeds/stadium.ts: 40,800 seats in 24 sections, two standing fields, the wheelchair reserve
 * and held seats), buyers with tokens, calls into the object alone, and what the object holds afterwards.
 */
const Id = z.number().int().positive();
/** What `/seats/object-loop` is asked: holds need the types and the buyers, bare calls a count. */
const ObjectLoop = z
  .object({
    event_id: Id,
    call: z.enum(['sell', 'ping']),
    types: z.array(Id).default([]),
    buyer_ids: z.array(Id).max(10_000).default([]),
    count: z.number().int().min(0).max(100_000).default(0),
    parallel: z.number().int().min(1).max(1000).default(100),
  })
  .refine((body) => body.call === 'ping' || body.types.length > 0);

export const seatTools = new Hono<{ Bindings: Env }>()
  .post('/seats/bench-setup', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { buyers?: number };
    const { eventId, date, seats } = await freshStadium(c.env);
    // The most wanted sections' seats (hand picks choose among them), by row.
    const wanted = seats
      .filter((s) => STADIUM_WANTED.includes(s.section))
      .map((s) => ({ id: s.id, row: s.rowIndex, at: s.at }));
    return c.json({
      event_id: eventId,
      types: Object.fromEntries(Object.entries(date.categories).map(([key, sale]) => [key, sale.ticket_type_id])),
      wanted_type: date.categories[seats.find((s) => s.section === STADIUM_WANTED[0])!.category].ticket_type_id,
      seats: seats.length,
      wanted,
      tokens: await createBuyers(c.env, Math.min(body.buyers ?? 2000, 20_000)),
    });
  })
  /**
   * The object alone (the benchmark's last phase): another fresh stadium and buyer accounts, whose ids
   * `/seats/object-loop` sells to straight through the object's RPC, without HTTP, the edge or the provider API.
   */
  .post('/seats/object-setup', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { buyers?: number };
    const { eventId, date } = await freshStadium(c.env);
    const buyers = await createBuyerAccounts(c.env, Math.min(body.buyers ?? 2000, 10_000));
    return c.json({
      event_id: eventId,
      types: Object.values(date.categories).map((sale) => sale.ticket_type_id),
      buyer_ids: buyers.map((b) => b.id),
    });
  })
  /**
   * Calls into the event's object from inside the Worker, `parallel` at a time: `sell`, one hold per buyer of 1–6
   * seats chosen by "Mejor ubicación disponible" in the types in turn (what a hold asks of the object, its order's
   * batch to D1 and its state copy included); `ping`, `count` bare calls. What the object costs per call is read
   * from outside (the bench reads the server's CPU time around this request).
   */
  .post('/seats/object-loop', async (c) => {
    const parsed = ObjectLoop.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ status: false, message: MSG.invalidInput }, 400);
    const { event_id: eventId, call, types, buyer_ids: buyers, count, parallel } = parsed.data;
    const stub = inventoryOf(c.env, eventId);
    const calls = call === 'sell' ? buyers.length : count;
    let next = 0;
    let held = 0;
    const chain = async () => {
      while (next < calls) {
        const i = next++;
        if (call === 'ping') {
          await stub.ping();
          continue;
        }
        const item = { typeId: types[i % types.length], quantity: 1 + (i % 6), best: true };
        if ((await stub.sell(eventId, buyers[i], [item])).ok) held++;
      }
    };
    await Promise.all(Array.from({ length: parallel }, chain));
    return c.json({ calls, held });
  })
  /**
   * The object's seats after a run: how many are taken, any taken twice (the object's rows, D1's live orders), the
   * seats left alone between occupied ones, and those left alone avoidably: the holds are replayed in the order
   * they were made (D1's orders), and a hold that left a seat alone while a block of as many seats of its type
   * would not have (the wheelchair reserve and held seats counted as taken) counts its lone seats.
   */
  .get('/seats/check', async (c) => {
    const eventId = Number(c.req.query('event_id') ?? 0);
    const taken = await inventoryOf(c.env, eventId).takenSeats();
    const keys = taken.map((t) => `${t.dateId}:${t.seatId}`);
    const [date] = await seatedDates(c.env, eventId);
    const seats = placedSeats(date.map);
    const rows = rowsOf(seats);
    const occupied = new Set(taken.map((t) => t.seatId));
    const alone = rows.reduce((n, row) => n + aloneSeats(row, (id) => occupied.has(id)).length, 0);
    // Seats on two live orders (held or paid): the object's primary key says none; D1's orders say it too.
    const { results } = await c.env.DB.prepare(
      `select count(*) as n from (select j.value ->> 'id' as seat from order_items i join orders o on o.id = i.order_id,
         json_each(i.seats) j where o.event_id = ? and o.status in ('held', 'pending_payment', 'paid') group by seat having count(*) > 1)`,
    )
      .bind(eventId)
      .all<{ n: number }>();
    const { results: made } = await c.env.DB.prepare(
      `select i.ticket_type_id, i.seats from orders o join order_items i on i.order_id = o.id
       where o.event_id = ? and i.seats is not null order by o.rowid`,
    )
      .bind(eventId)
      .all<{ ticket_type_id: number; seats: string }>();
    const byId = new Map(seats.map((s) => [s.id, s]));
    const categoryOf = new Map(Object.entries(date.categories).map(([key, sale]) => [sale.ticket_type_id, key]));
    const reserve = new Set(seats.filter((s) => (s.wheelchair || s.companion) && !s.blocked).map((s) => s.id));
    const sellable = new Map<string, Set<string>>();
    for (const s of seats) if (!s.blocked) sellable.set(s.category, (sellable.get(s.category) ?? new Set()).add(s.id));
    const replayed = new Set([...taken.filter((t) => t.state === 'kept').map((t) => t.seatId)]);
    const plan = rowPlan(rows, date.map.stage);
    let avoidable = 0;
    for (const m of made) {
      const pick = (JSON.parse(m.seats) as { id: string }[]).map((s) => byId.get(s.id)!).filter(Boolean);
      const ofType = sellable.get(categoryOf.get(m.ticket_type_id) ?? '') ?? new Set<string>();
      const lone = leftAlone(rows, replayed, pick);
      const elsewhere = { has: (id: string) => replayed.has(id) || reserve.has(id) };
      if (lone.length > 0 && blockWithoutAlone(rows, elsewhere, ofType, pick.length, plan)) avoidable += lone.length;
      for (const s of pick) replayed.add(s.id);
    }
    return c.json({
      taken: taken.length,
      distinct: new Set(keys).size,
      twice_in_orders: results[0]?.n ?? 0,
      alone,
      avoidable_alone: avoidable,
      kept: taken.filter((t) => t.state === 'kept').length,
    });
  });

/** A fresh copy of the demo stadium, owned by the first producer and user, with its first date's seats. */
async function freshStadium(env: Env) {
  const owner = await env.DB.prepare(
    'select (select id from producers order by id limit 1) as producer_id, (select id from users order by id limit 1) as user_id',
  ).first<{ producer_id: number; user_id: number }>();
  const eventId = await seedStadium(env, owner!.producer_id, owner!.user_id);
  const [date] = await seatedDates(env, eventId);
  return { eventId, date, seats: placedSeats(date.map) };
}
