import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

import { FEE_OUT_OF_LIMITS, FISCAL_MSG } from '../../../src/shared/messages/settings';

import { startPurchase, ticketsOfOrderInDb } from '../checkout/checkout-fixtures';
import { type Actor, asBuyer, createBuyer, makeUser } from '../kit/actors';
import { call } from '../kit/call';
import { producerWithEvent } from '../kit/events';
import { VALID_SETTINGS } from './settings-fixtures';

const put = (producerId: number, user: Actor, body: Record<string, unknown>) =>
  call(user, 'PUT /admin/settings/producers/:id', { param: { id: producerId }, json: { ...VALID_SETTINGS, ...body } });

describe('producer settings', () => {
  it('saves fiscal data and payout account, normalised, and audits the change', async () => {
    const p = await producerWithEvent();
    const res = await put(p.producerId, p.admin, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      cuit: '20123456786',
      payout_account: '2850590940090418135201',
      payout_kind: 'cbu',
      fee: null,
    });
    const read = await call(p.admin, 'GET /admin/settings/producers/:id', { param: { id: p.producerId } });
    expect(read.body.data.cuit).toBe('20123456786');
    const audit = await env.DB.prepare(
      "select detail from audit_log where producer_id = ? and action = 'settings_change'",
    )
      .bind(p.producerId)
      .first<{ detail: string }>();
    expect(JSON.parse(audit!.detail).changed).toContain('cuit');
  });

  it('refuses a CUIT with a wrong check digit with the Spanish message, saving nothing', async () => {
    const p = await producerWithEvent();
    const res = await put(p.producerId, p.admin, { cuit: '20-12345678-7' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('El CUIT no es válido: revisá el dígito verificador.');
    expect(res.body.errors?.cuit).toEqual([FISCAL_MSG.cuitCheck]);
    const row = await env.DB.prepare('select 1 from producer_settings where producer_id = ?')
      .bind(p.producerId)
      .first();
    expect(row).toBeNull();
  });

  it('refuses a CBU or a CVU whose check digits do not match, and accepts a CVU and an alias', async () => {
    const p = await producerWithEvent();
    expect((await put(p.producerId, p.admin, { payout_account: '2850590940090418135202' })).body.message).toBe(
      FISCAL_MSG.cbuCheck,
    );
    expect((await put(p.producerId, p.admin, { payout_account: '0000003100000000000018' })).body.message).toBe(
      FISCAL_MSG.cvuCheck,
    );
    expect((await put(p.producerId, p.admin, { payout_account: 'a b' })).status).toBe(400);
    const cvu = await put(p.producerId, p.admin, { payout_account: '0000003100000000000017' });
    expect(cvu.body.data).toMatchObject({ payout_kind: 'cvu', payout_account: '0000003100000000000017' });
    const alias = await put(p.producerId, p.admin, { payout_account: 'Noches.Portenas' });
    expect(alias.body.data).toMatchObject({ payout_kind: 'alias', payout_account: 'noches.portenas' });
  });

  it('lets only the producer’s admins (and superadmins) read or change its configuration', async () => {
    const p = await producerWithEvent();
    const other = await producerWithEvent();
    expect((await put(p.producerId, p.collaborator, {})).status).toBe(403);
    expect((await put(p.producerId, other.admin, {})).status).toBe(403);
    expect((await call(other.admin, 'GET /admin/settings/producers/:id', { param: { id: p.producerId } })).status).toBe(
      403,
    );
    expect((await call(null, 'GET /admin/settings/producers/:id', { param: { id: p.producerId } })).status).toBe(401);
    expect((await put(p.producerId, await makeUser('SUPERADMIN'), {})).status).toBe(200);
    expect(
      (await call(await makeUser('SUPERADMIN'), 'GET /admin/settings/producers/:id', { param: { id: '999999' } }))
        .status,
    ).toBe(404);
  });

  it('keeps a producer’s own service charge within the platform’s limits, except for a superadmin', async () => {
    const p = await producerWithEvent();
    const tooHigh = await put(p.producerId, p.admin, { fee: { percent_bp: 2500, fixed_cents: 0 } });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.message).toBe(FEE_OUT_OF_LIMITS);
    const ok = await put(p.producerId, p.admin, { fee: { percent_bp: 800, fixed_cents: 2000 } });
    expect(ok.body.data.fee).toEqual({ percent_bp: 800, fixed_cents: 2000 });
    const agreed = await put(p.producerId, await makeUser('SUPERADMIN'), { fee: { percent_bp: 2500, fixed_cents: 0 } });
    expect(agreed.status).toBe(200);
    // Unchanged, an agreed charge outside the limits does not block the admin's other edits.
    expect(
      (await put(p.producerId, p.admin, { fee: { percent_bp: 2500, fixed_cents: 0 }, razon_social: 'Otra' })).status,
    ).toBe(200);
  });

  it('makes a producer’s own service charge and hold minutes reach a new hold', async () => {
    const p = await producerWithEvent({ price_cents: 10_000_00, hold_minutes: 10 });
    const buyer = await makeUser();
    const saved = await put(p.producerId, p.admin, { hold_minutes: 25, fee: { percent_bp: 500, fixed_cents: 300_00 } });
    expect(saved.status).toBe(200);
    const before = Date.now();
    const hold = await call(buyer, 'POST /holds', {
      json: { event_id: p.eventId, items: [{ ticket_type_id: p.typeId, quantity: 2 }] },
    });
    expect(hold.status).toBe(201);
    // 5 % of $10.000 plus $300, per ticket.
    expect(hold.body.data.fee_cents).toBe(2 * (500_00 + 300_00));
    const minutes = (new Date(hold.body.data.hold_expires_at).getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(24.5);
    expect(minutes).toBeLessThanOrEqual(25.1);
  });

  it('re-versions the events’ sale configuration only when hold minutes or the service charge change', async () => {
    const p = await producerWithEvent();
    const version = async () =>
      (await env.DB.prepare('select v from sale_versions where event_id = ?').bind(p.eventId).first<{ v: number }>())!
        .v;
    await put(p.producerId, p.admin, {});
    const first = await version();
    await put(p.producerId, p.admin, { razon_social: 'Otra razón social', refund_policy: 'Sin devoluciones.' });
    expect(await version()).toBe(first);
    await put(p.producerId, p.admin, { hold_minutes: 15 });
    expect(await version()).toBeGreaterThan(first);
    const second = await version();
    await put(p.producerId, p.admin, { hold_minutes: 15, fee: { percent_bp: 900, fixed_cents: 0 } });
    expect(await version()).toBeGreaterThan(second);
  });

  it('tells the event form, through the producers list, whether new ticket types are named by default', async () => {
    const p = await producerWithEvent();
    const mine = async () => (await call(p.admin, 'GET /admin/producers')).body.data.find((r) => r.id === p.producerId);
    expect((await mine())?.named_tickets).toBe(false);
    await put(p.producerId, p.admin, { named_tickets: true });
    expect((await mine())?.named_tickets).toBe(true);
  });

  it('uses the platform default service charge when the producer has none', async () => {
    const p = await producerWithEvent({ price_cents: 10_000_00 });
    const buyer = await makeUser();
    const hold = await call(buyer, 'POST /holds', {
      json: { event_id: p.eventId, items: [{ ticket_type_id: p.typeId, quantity: 1 }] },
    });
    // Migration defaults: 10 % + $50.
    expect(hold.body.data.fee_cents).toBe(1000_00 + 50_00);
  });
});

describe('platform settings', () => {
  it('are for superadmins only', async () => {
    const p = await producerWithEvent();
    expect((await call(p.admin, 'GET /admin/settings/platform')).status).toBe(403);
    expect((await call(p.admin, 'GET /admin/settings/platform/producers')).status).toBe(403);
    expect(
      (
        await call(p.admin, 'PUT /admin/settings/platform/producers/:id/activation', {
          param: { id: p.producerId },
          json: { activo: false },
        })
      ).status,
    ).toBe(403);
  });

  it('store the MercadoPago application secret encrypted and never answer it', async () => {
    const superadmin = await makeUser('SUPERADMIN');
    const secret = 'APP-SECRET-abcdefghijklmnop-9876';
    const res = await call(superadmin, 'PUT /admin/settings/platform', {
      json: {
        fee: { percent_bp: 1200, fixed_cents: 4000 },
        limits: { min_percent_bp: 0, max_percent_bp: 1500, min_fixed_cents: 0, max_fixed_cents: 100000 },
        mp_client_id: 'platform-app-1',
        mp_client_secret: secret,
      },
    });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(secret);
    expect(res.body.data.mercadopago).toEqual({
      configured: true,
      source: 'panel',
      client_id: 'platform-app-1',
      secret_last4: '9876',
    });
    const stored = await env.DB.prepare("select value from platform_secrets where key = 'mp_client_secret'").first<{
      value: string;
    }>();
    expect(stored!.value.startsWith('v1.')).toBe(true);
    expect(stored!.value).not.toContain('abcdefghijklmnop');
    // An empty secret keeps the stored one.
    const again = await call(superadmin, 'PUT /admin/settings/platform', {
      json: {
        fee: { percent_bp: 1000, fixed_cents: 5000 },
        limits: { min_percent_bp: 0, max_percent_bp: 2000, min_fixed_cents: 0, max_fixed_cents: 100000 },
        mp_client_id: 'platform-app-1',
        mp_client_secret: '',
      },
    });
    expect(again.body.data.mercadopago.secret_last4).toBe('9876');
    expect(again.body.data.fee).toEqual({ percent_bp: 1000, fixed_cents: 5000 });
  });

  it('refuses limits whose minimum is above their maximum', async () => {
    const res = await call(await makeUser('SUPERADMIN'), 'PUT /admin/settings/platform', {
      json: {
        fee: { percent_bp: 1000, fixed_cents: 5000 },
        limits: { min_percent_bp: 900, max_percent_bp: 100, min_fixed_cents: 0, max_fixed_cents: 100000 },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('El porcentaje mínimo no puede superar al máximo');
  });

  it('deactivating a producer stops its sales until it is activated again', async () => {
    const p = await producerWithEvent();
    const superadmin = await makeUser('SUPERADMIN');
    const buyer = await makeUser();
    const off = await call(superadmin, 'PUT /admin/settings/platform/producers/:id/activation', {
      param: { id: p.producerId },
      json: { activo: false },
    });
    expect(off.status).toBe(200);
    const list = await call(superadmin, 'GET /admin/settings/platform/producers');
    expect(list.body.data.find((r) => r.id === p.producerId)?.activo).toBe(false);
    const hold = () =>
      call(buyer, 'POST /holds', { json: { event_id: p.eventId, items: [{ ticket_type_id: p.typeId, quantity: 1 }] } });
    const refused = await hold();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('El evento no está a la venta.');
    await call(superadmin, 'PUT /admin/settings/platform/producers/:id/activation', {
      param: { id: p.producerId },
      json: { activo: true },
    });
    expect((await hold()).status).toBe(201);
  });
});

describe('DNI at the door', () => {
  it('shows door staff the buyer’s DNI for tickets that are not named when the producer asks for it', async () => {
    const p = await producerWithEvent({ price_cents: 0 });
    const buyer = await createBuyer();
    const { orderId } = await startPurchase(buyer, p.eventId, p.typeId, 1);
    const [ticket] = await ticketsOfOrderInDb(orderId);
    const staff = await createBuyer('COLABORATORS');
    await env.DB.prepare("insert into producer_members (producer_id, user_id, role) values (?, ?, 'DOOR')")
      .bind(p.producerId, staff.id)
      .run();
    const scan = async () => {
      const res = await asBuyer(staff, `/checkin/events/${p.eventId}/scan`, {
        method: 'POST',
        json: { nonce: crypto.randomUUID(), device: 'test', code: ticket.code },
      });
      return ((await res.json()) as { data: { ticket: { dni: string | null } } }).data.ticket;
    };
    expect((await scan()).dni).toBeNull();
    await put(p.producerId, p.admin, { door_dni: true });
    // The checkout form's DNI (BUYER_FORM) is the buyer's.
    expect((await scan()).dni).toBe('30123456');
  });
});
