import { EventInputSchema } from '../../../src/shared/schemas/events';
import type { SeatGenerator, SeatMap } from '../../../src/shared/schemas/seating';
import { inventoryTypes } from '../../api/services/checkout/inventory';
import { createEvent, setStatus } from '../../api/services/events/store';
import { setEventSeating } from '../../api/services/seating/events';
import { createSeatMap } from '../../api/services/seating/maps';
import { generateMap } from '../../domain/seating/seat-map';
import { inventoryOf } from '../../durable-objects/stubs';
import { at, coverSvg, putSvg } from './events';

/**
 * The demo stadium (issue 33, DEV only): 40,800 numbered seats in 24 sections (platea baja, platea alta and
 * popular, eight each) behind two standing fields (campo and campo VIP), with wheelchair places in the first and
 * last row of every section, and seats held for the box office, sponsors and RRPP. The seat benchmark
 * (scripts/bench-seats.mjs, through /dev/seats/bench-setup) sells a fresh copy of the same map.
 */

type Tier = { prefix: string; name: string; category: string; rows: number; seats: number; y: number };

const TIERS: Tier[] = [
  { prefix: 'pb', name: 'Platea baja', category: 'baja', rows: 25, seats: 40, y: 40 },
  { prefix: 'pa', name: 'Platea alta', category: 'alta', rows: 30, seats: 50, y: 70 },
  { prefix: 'po', name: 'Popular', category: 'popular', rows: 40, seats: 65, y: 105 },
];
const SECTIONS_PER_TIER = 8;

/** The sections closest to the stage: the most wanted (the benchmark's hand picks go there). */
export const STADIUM_WANTED = ['pb4', 'pb5', 'pb3'];

export function stadiumMap(name = 'Estadio (demo)'): SeatMap {
  const sections: SeatGenerator['sections'] = TIERS.flatMap((t) =>
    Array.from({ length: SECTIONS_PER_TIER }, (_, i) => ({
      id: `${t.prefix}${i + 1}`,
      name: `${t.name} ${i + 1}`,
      category: t.category,
      rows: t.rows,
      row_labels: 'numbers' as const,
      seats_per_row: t.seats,
      curve: 0,
      numbering: 'consecutive' as const,
      // Side by side, three seats apart, the tier centred on the stage.
      x: (i - (SECTIONS_PER_TIER - 1) / 2) * (t.seats + 3),
      y: t.y,
    })),
  );
  const map = generateMap({
    name,
    categories: [
      { key: 'vip', name: 'Campo VIP' },
      { key: 'campo', name: 'Campo' },
      { key: 'baja', name: 'Platea baja' },
      { key: 'alta', name: 'Platea alta' },
      { key: 'popular', name: 'Popular' },
    ],
    sections,
    standing: [
      { id: 'campo-vip', name: 'Campo VIP', category: 'vip', capacity: 3000, x: 0, y: 6 },
      { id: 'campo', name: 'Campo', category: 'campo', capacity: 15_000, x: 0, y: 20 },
    ],
  });
  // Wheelchair places with their companion seat beside, in the first and last row of every section.
  for (const section of map.sections) {
    if (section.kind !== 'seated') continue;
    for (const row of [section.rows[0], section.rows.at(-1)!])
      row.seats.forEach((seat, i) => {
        if (i % 2 === 0 && i + 1 < row.seats.length) seat.wheelchair = true;
        else if (i % 2 === 1) seat.companion = true;
      });
  }
  return map;
}

/** What each category costs (pesos). */
const PRICES = { vip: 95_000, campo: 55_000, baja: 80_000, alta: 60_000, popular: 40_000 };

/** Seats a stadium sale keeps: row 2 of the central sections, for the box office, sponsors and RRPP. */
const row = (section: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${section}-2-${from + i}`);

/** Seeds the demo stadium's event for the demo producer (admin@demo.ar's). */
export async function seedDemoStadium(env: Env) {
  const owner = await env.DB.prepare(
    `select p.id as producer_id, u.id as user_id from producers p join producer_members m on m.producer_id = p.id
     join users u on u.id = m.user_id where u.email = 'admin@demo.ar' and m.role = 'ADMIN' order by p.id limit 1`,
  ).first<{ producer_id: number; user_id: number }>();
  if (owner) await seedStadium(env, owner.producer_id, owner.user_id);
}

export async function seedStadium(env: Env, producerId: number, ownerId: number) {
  const days = 40;
  const title = 'Los Fuegos del Sur en el Estadio';
  const coverKey = 'seed/los-fuegos-del-sur-en-el-estadio.svg';
  await putSvg(env, coverKey, coverSvg(title, 'Música', ['#0f766e', '#7c3aed']));
  const input = EventInputSchema.parse({
    title,
    description:
      'La despedida de la gira en un estadio: campo, campo VIP y plateas numeradas. Elegí tu butaca en el mapa o pedí la mejor ubicación disponible.',
    category: 'Música',
    cover_key: coverKey,
    venue: {
      name: 'Estadio Mâs Monumental',
      address: 'Av. Figueroa Alcorta 7597',
      city: 'Ciudad Autónoma de Buenos Aires',
      provinces_id: 1,
    },
    dates: [{ starts_at: at(days, 21), doors_at: at(days, 18), ticket_types: [] }],
  });
  const eventId = await createEvent(env.DB, producerId, ownerId, input);
  const map = await createSeatMap(env.DB, producerId, stadiumMap('Estadio Mâs Monumental'), ownerId);
  const date = await env.DB.prepare('select id, starts_at from event_dates where event_id = ?')
    .bind(eventId)
    .first<{ id: number; starts_at: string }>();
  const startsAt = Date.parse(date!.starts_at);
  const before = (hours: number) => new Date(startsAt - hours * 3_600_000).toISOString();
  await setEventSeating(
    env,
    { id: eventId, producer_id: producerId },
    {
      event_date_id: date!.id,
      map_id: map.id,
      prices: Object.entries(PRICES).map(([category, pesos]) => ({ category, price_cents: pesos * 100 })),
      max_per_order: 6,
      wheelchair_percent: 2,
      wheelchair_release_at: before(48),
    },
  );
  await setStatus(env, eventId, 'publicado', { approved: true });
  const kept = await inventoryOf(env, eventId).setKeptSeats(eventId, date!.id, await inventoryTypes(env.DB, eventId), [
    { group: 'boleteria', releaseAt: null, seatIds: row('pb4', 1, 20) },
    { group: 'sponsors', releaseAt: Date.parse(before(7 * 24)), seatIds: row('pb5', 1, 40) },
    { group: 'rrpp', releaseAt: Date.parse(before(72)), seatIds: row('pb3', 31, 40) },
  ]);
  if (!kept.ok) throw new Error(`Demo stadium: held seats refused (${kept.reason})`);
  return eventId;
}
