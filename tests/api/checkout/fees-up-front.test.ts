import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { feeOf, ticketTotal } from '../../../src/shared/pricing';
import { asBuyer, createBuyer } from '../kit/actors';
import { createTestEvent } from '../kit/events';
import { provider } from '../kit/http';

type PublicEvent = {
  service_fee: { percent_bp: number; fixed_cents: number };
  dates: { ticket_types: { id: number; price_cents: number }[] }[];
};

/** The versions of the cached pages that show the service charge (migrations/0081_page_versions.sql). */
const feeVersions = async () =>
  (await env.DB.prepare("select scope, v from page_versions where scope in ('catalog', 'fees') order by scope").all())
    .results;

describe('fees up front', () => {
  it("the public event's service charge prices a ticket exactly as the hold charges it", async () => {
    const event = await createTestEvent(env, { price_cents: 5_600_000 });
    await env.DB.prepare('update producers set fee_percent_bp = 1000, fee_fixed_cents = 10000 where id = ?')
      .bind(event.producer_id)
      .run();
    const { data } = (await (await provider(`/events/${event.event_id}`)).json()) as { data: PublicEvent };
    expect(data.service_fee).toEqual({ percent_bp: 1000, fixed_cents: 10000 });
    const type = data.dates[0].ticket_types.find((t) => t.id === event.ticket_type_id)!;
    const shown = ticketTotal(type.price_cents, feeOf(data.service_fee));
    expect(shown).toEqual({ feeCents: 570_000, totalCents: 6_170_000 });

    const buyer = await createBuyer();
    const hold = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: event.event_id, items: [{ ticket_type_id: type.id, quantity: 1 }] },
    });
    expect(hold.status).toBe(201);
    const order = ((await hold.json()) as { data: { fee_cents: number; total_cents: number } }).data;
    expect({ feeCents: order.fee_cents, totalCents: order.total_cents }).toEqual(shown);
  });

  it("a change of the platform's default charge re-versions the cached pages that show it", async () => {
    const before = await feeVersions();
    await env.DB.prepare("update platform_config set value = value where key = 'service_fee_percent_bp'").run();
    const after = await feeVersions();
    expect(after.map((r) => r.scope)).toEqual(['catalog', 'fees']);
    for (const [i, row] of after.entries()) expect(row.v).toBeGreaterThan(before[i].v as number);
  });
});
