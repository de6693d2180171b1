import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { seedAccounts } from '../../../functions/dev/seeds/accounts';
import { seedEvents } from '../../../functions/dev/seeds/events';
import { inventoryOf } from '../../../functions/durable-objects/stubs';
import { asBuyer, createBuyer } from '../kit/actors';

// The demo's "Agotado" and "Últimas entradas" are sales the inventory object (the authority) knows, not
// numbers written into its D1 mirror behind its back: the mirror survives the object's start-up copy,
// and nobody can buy past them.
describe('demo data', () => {
  it('records earlier sales in the inventory authority, so a seeded sold-out type is really sold out', {
    timeout: 60_000,
  }, async () => {
    await seedAccounts(env);
    await seedEvents(env);
    const vip = await env.DB.prepare(
      `select t.id, t.capacity, t.sold, d.event_id from ticket_types t join event_dates d on d.id = t.event_date_id
        join events e on e.id = d.event_id where e.title = 'Los Fuegos del Sur en vivo' and t.name = 'VIP'`,
    ).first<{ id: number; capacity: number; sold: number; event_id: number }>();
    expect(vip).toMatchObject({ capacity: 100, sold: 100 });
    const [authority] = (await inventoryOf(env, vip!.event_id).availability()).filter((a) => a.typeId === vip!.id);
    expect(authority).toMatchObject({ sold: 100, available: 0 });

    const buyer = await createBuyer();
    const res = await asBuyer(buyer, '/holds', {
      method: 'POST',
      json: { event_id: vip!.event_id, items: [{ ticket_type_id: vip!.id, quantity: 1 }] },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe('No quedan entradas disponibles de VIP.');
  });
});
