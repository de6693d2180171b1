import { toArIso } from '../../../src/shared/dates';
import { smallKeyOf } from '../../../src/shared/media';
import { type Category, EventInputSchema } from '../../../src/shared/schemas/events';
import { syncUserRole } from '../../api/services/accounts/roles';
import { syncInventory } from '../../api/services/checkout/inventory';
import { createProducer } from '../../api/services/events/producers';
import { createEvent, setStatus } from '../../api/services/events/store';
import { inventoryOf } from '../../durable-objects/stubs';
import { seatTheatre, THEATRE_TITLE } from './theatre';

/**
 * Demo catalogue (DEV only): producers, venues and events in several provinces, with dates relative to
 * now so they stay upcoming, and generated SVG covers so nothing is downloaded.
 */

type DemoProducer = { name: string; city: string; province: number; description: string; instagram?: string };

const PRODUCERS: DemoProducer[] = [
  {
    name: 'Sonido Federal',
    city: 'Ciudad Autónoma de Buenos Aires',
    province: 1,
    description: 'Producimos recitales y fiestas en Buenos Aires desde 2012.',
    instagram: 'https://instagram.com/sonidofederal',
  },
  {
    name: 'Cuyo Eventos',
    city: 'Mendoza',
    province: 13,
    description: 'Festivales, deportes y cultura en Mendoza y San Juan.',
  },
  {
    name: 'Litoral Producciones',
    city: 'Rosario',
    province: 21,
    description: 'Teatro, humor y música en Rosario, Córdoba y el Litoral.',
  },
];

type DemoTicket = { name: string; pesos: number; capacity: number; sold?: number; max?: number; named?: boolean };
type DemoEvent = {
  producer: number;
  title: string;
  category: Category;
  days: number;
  hour?: number;
  extraDates?: number[];
  venue: { name: string; address: string; city: string; provinces_id: number };
  tickets: DemoTicket[];
  featured?: boolean;
  status?: 'publicado' | 'en_revision' | 'borrador';
  colors: [string, string];
  minAge?: number;
  description: string;
};

const LUNA_PARK = {
  name: 'Estadio Luna Park',
  address: 'Av. Eduardo Madero 470',
  city: 'Ciudad Autónoma de Buenos Aires',
  provinces_id: 1,
};
const TEATRO_COLON = {
  name: 'Teatro Gran Rex',
  address: 'Av. Corrientes 857',
  city: 'Ciudad Autónoma de Buenos Aires',
  provinces_id: 1,
};
const QUALITY = { name: 'Quality Espacio', address: 'Av. Cruz Roja Argentina 200', city: 'Córdoba', provinces_id: 6 };
const ANFITEATRO = { name: 'Anfiteatro Municipal', address: 'Av. Belgrano 100', city: 'Rosario', provinces_id: 21 };
const ARENA_MZA = { name: 'Arena Maipú', address: 'Emilio Civit 791', city: 'Maipú', provinces_id: 13 };

const EVENTS: DemoEvent[] = [
  {
    producer: 0,
    title: 'Los Fuegos del Sur en vivo',
    category: 'Música',
    days: 9,
    venue: LUNA_PARK,
    featured: true,
    colors: ['#7c3aed', '#db2777'],
    tickets: [
      { name: 'Campo', pesos: 28_000, capacity: 3000, sold: 1200 },
      { name: 'Platea', pesos: 42_000, capacity: 800, sold: 790 },
      { name: 'VIP', pesos: 85_000, capacity: 100, sold: 100, max: 4, named: true },
    ],
    description:
      'La banda vuelve al Luna Park con su nuevo disco.\n\nDos horas de show con invitados sorpresa y los clásicos de siempre.',
  },
  {
    producer: 0,
    title: 'La Casa de Bernarda Alba',
    category: 'Teatro',
    days: 5,
    hour: 20,
    extraDates: [6, 12, 13],
    venue: TEATRO_COLON,
    featured: true,
    colors: ['#0f766e', '#1e3a8a'],
    // Sold seat by seat (seats/theatre.ts): these give way to the theatre's map.
    tickets: [
      { name: 'Platea', pesos: 18_500, capacity: 400 },
      { name: 'Pullman', pesos: 12_000, capacity: 300 },
    ],
    description: 'El clásico de Federico García Lorca con un elenco de primer nivel.\n\nDuración: 90 minutos.',
  },
  {
    producer: 0,
    title: 'Fiesta Retro 90s',
    category: 'Fiestas',
    days: 3,
    hour: 23,
    venue: {
      name: 'Niceto Club',
      address: 'Niceto Vega 5510',
      city: 'Ciudad Autónoma de Buenos Aires',
      provinces_id: 1,
    },
    minAge: 18,
    colors: ['#f59e0b', '#ef4444'],
    tickets: [
      { name: 'Anticipada', pesos: 9_000, capacity: 500, sold: 470 },
      { name: 'General', pesos: 12_000, capacity: 400 },
    ],
    description: 'Toda la música de los 90 hasta que salga el sol. Solo mayores de 18 con DNI.',
  },
  {
    producer: 0,
    title: 'Canciones para Chicos',
    category: 'Infantiles',
    days: 11,
    hour: 16,
    venue: { name: 'Teatro Argentino', address: 'Av. 51 902', city: 'La Plata', provinces_id: 2 },
    colors: ['#22c55e', '#0ea5e9'],
    tickets: [{ name: 'Entrada libre y gratuita', pesos: 0, capacity: 600, max: 6 }],
    description: 'Un show para toda la familia con canciones, títeres y mucha diversión. Entrada gratuita con reserva.',
  },
  {
    producer: 1,
    title: 'Festival Vendimia Rock',
    category: 'Festivales',
    days: 24,
    hour: 18,
    extraDates: [25],
    venue: ARENA_MZA,
    featured: true,
    colors: ['#9f1239', '#7c2d12'],
    tickets: [
      { name: 'Abono un día', pesos: 35_000, capacity: 5000, sold: 1800 },
      { name: 'Abono dos días', pesos: 60_000, capacity: 2000, sold: 400 },
    ],
    description:
      'Dos días de rock entre viñedos con más de 20 bandas nacionales.\n\nHabrá patio gastronómico y vinos de la región.',
  },
  {
    producer: 1,
    title: 'Maratón Nocturna de Mendoza',
    category: 'Deportes',
    days: 16,
    hour: 20,
    venue: { name: 'Parque General San Martín', address: 'Av. del Libertador s/n', city: 'Mendoza', provinces_id: 13 },
    colors: ['#0284c7', '#4338ca'],
    tickets: [
      { name: '10K', pesos: 15_000, capacity: 1500, sold: 600, named: true },
      { name: '21K', pesos: 22_000, capacity: 800, sold: 200, named: true },
    ],
    description: 'Corré bajo las estrellas por el parque. Incluye remera, chip de tiempo y medalla.',
  },
  {
    producer: 1,
    title: 'Tango bajo las estrellas',
    category: 'Música',
    days: 19,
    venue: { name: 'Teatro Provincial', address: 'Zuviría 70', city: 'Salta', provinces_id: 17 },
    colors: ['#b91c1c', '#111827'],
    tickets: [
      { name: 'Platea', pesos: 16_000, capacity: 350 },
      { name: 'Cena show', pesos: 38_000, capacity: 80, sold: 20 },
    ],
    description: 'Orquesta típica y parejas de baile en una noche de tango salteño.',
  },
  {
    producer: 2,
    title: 'Noche de Stand-up',
    category: 'Stand-up',
    days: 7,
    venue: QUALITY,
    featured: true,
    minAge: 16,
    colors: ['#ea580c', '#a21caf'],
    tickets: [{ name: 'General', pesos: 14_000, capacity: 900, sold: 300 }],
    description: 'Cuatro comediantes, una noche. Humor para adultos.',
  },
  {
    producer: 2,
    title: 'Cuarteto Total',
    category: 'Música',
    days: 14,
    hour: 22,
    venue: { name: 'Estadio Atenas', address: 'Av. Ejército Argentino 9500', city: 'Córdoba', provinces_id: 6 },
    colors: ['#2563eb', '#e11d48'],
    tickets: [
      { name: 'Campo', pesos: 20_000, capacity: 4000, sold: 2500 },
      { name: 'Palco', pesos: 45_000, capacity: 60 },
    ],
    description: 'El baile más grande de Córdoba con las mejores bandas de cuarteto.',
  },
  {
    producer: 2,
    title: 'Improvisación Total',
    category: 'Teatro',
    days: 21,
    hour: 21,
    venue: ANFITEATRO,
    colors: ['#4d7c0f', '#0f766e'],
    tickets: [{ name: 'General', pesos: 11_000, capacity: 1200 }],
    description: 'Obra de improvisación donde el público elige la historia.',
  },
  {
    producer: 2,
    title: 'Festival del Litoral',
    category: 'Festivales',
    days: 33,
    hour: 19,
    venue: {
      name: 'Anfiteatro Mario del Tránsito Cocomarola',
      address: 'Av. Centenario 3000',
      city: 'Corrientes',
      provinces_id: 7,
    },
    colors: ['#0891b2', '#65a30d'],
    tickets: [
      { name: 'General', pesos: 18_000, capacity: 6000 },
      { name: 'Preferencial', pesos: 30_000, capacity: 1000 },
    ],
    description: 'Chamamé, folklore y artesanías a orillas del Paraná.',
  },
  {
    producer: 2,
    title: 'Feria de Diseño Independiente',
    category: 'Otros',
    days: 4,
    hour: 14,
    venue: {
      name: 'Centro Cultural Parque de España',
      address: 'Sarmiento y el río',
      city: 'Rosario',
      provinces_id: 21,
    },
    colors: ['#c026d3', '#f97316'],
    tickets: [{ name: 'Entrada libre', pesos: 0, capacity: 2000, max: 6 }],
    description: 'Más de 80 diseñadores, música en vivo y patio de comidas.',
  },
  {
    producer: 0,
    title: 'Jazz en la Terraza',
    category: 'Música',
    days: 28,
    venue: {
      name: 'Terraza del Centro Cultural Kirchner',
      address: 'Sarmiento 151',
      city: 'Ciudad Autónoma de Buenos Aires',
      provinces_id: 1,
    },
    status: 'en_revision',
    colors: ['#1d4ed8', '#9333ea'],
    tickets: [{ name: 'General', pesos: 10_000, capacity: 200 }],
    description: 'Un ciclo de jazz al aire libre, cada viernes.',
  },
];

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Splits a title into lines of about `width` characters for the cover. */
function lines(text: string, width: number) {
  const out: string[] = [];
  for (const word of text.split(' ')) {
    const last = out.at(-1);
    if (last && `${last} ${word}`.length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/** A 1600x900 cover: a diagonal gradient, soft circles, the category and the title. */
export function coverSvg(title: string, category: string, [from, to]: [string, string]) {
  const titleLines = lines(title, 18);
  const text = titleLines
    .map(
      (line, i) =>
        `<text x="96" y="${560 - (titleLines.length - 1 - i) * 120}" font-size="104" font-weight="800">${esc(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900" width="1600" height="900">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1600" height="900" fill="url(#g)"/>
<circle cx="1320" cy="180" r="260" fill="#fff" opacity=".08"/><circle cx="1450" cy="760" r="180" fill="#fff" opacity=".06"/>
<g fill="#fff" font-family="Inter, system-ui, sans-serif"><text x="96" y="160" font-size="44" font-weight="600" letter-spacing="6" opacity=".85">${esc(category.toUpperCase())}</text>${text}
<text x="96" y="800" font-size="36" opacity=".75">Boletería</text></g></svg>`;
}

export async function putSvg(env: Env, key: string, svg: string) {
  const options = { httpMetadata: { contentType: 'image/svg+xml' } };
  await env.MEDIA.put(key, svg, options);
  await env.MEDIA.put(smallKeyOf(key), svg, options);
}

export const at = (days: number, hour: number) => {
  const base = new Date(Date.now() + days * 86_400_000);
  const day = toArIso(base).slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
};

async function userId(db: D1Database, email: string) {
  const row = await db.prepare('select id from users where email = ?').bind(email).first<{ id: number }>();
  return row?.id ?? null;
}

export async function seedEvents(env: Env) {
  const db = env.DB;
  const admin = await userId(db, 'admin@demo.ar');
  const collaborator = await userId(db, 'colaborador@demo.ar');
  const superadmin = await userId(db, 'superadmin@demo.ar');

  const producerIds: number[] = [];
  for (const [i, p] of PRODUCERS.entries()) {
    // The first producer belongs to admin@demo.ar; the others to the superadmin (as a stand-in owner).
    const owner = i === 0 ? admin : superadmin;
    const id = owner
      ? await createProducer(db, owner, {
          name: p.name,
          city: p.city,
          provinces_id: p.province,
          description: p.description,
        })
      : (await db
          .prepare(
            'insert into producers (name, slug, city, provinces_id, description) values (?, ?, ?, ?, ?) returning id',
          )
          .bind(p.name, p.name.toLowerCase().replaceAll(' ', '-'), p.city, p.province, p.description)
          .first<{ id: number }>())!.id;
    const logoKey = `seed/logo-${id}.svg`;
    await putSvg(env, logoKey, logoSvg(p.name, EVENTS.find((e) => e.producer === i)?.colors ?? ['#7c3aed', '#db2777']));
    await db
      .prepare(`update producers set logo_key = ?, instagram = ?, contact_email = ? where id = ?`)
      .bind(logoKey, p.instagram ?? null, `hola@${p.name.toLowerCase().replaceAll(' ', '')}.com.ar`, id)
      .run();
    producerIds.push(id);
  }
  if (collaborator)
    await db
      .prepare(`insert or ignore into producer_members (producer_id, user_id, role) values (?, ?, 'DOOR')`)
      .bind(producerIds[0], collaborator)
      .run();

  for (const e of EVENTS) {
    const hour = e.hour ?? 21;
    const coverKey = `seed/${e.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`;
    await putSvg(env, coverKey, coverSvg(e.title, e.category, e.colors));
    const input = EventInputSchema.parse({
      title: e.title,
      description: e.description,
      category: e.category,
      min_age: e.minAge ?? null,
      cover_key: coverKey,
      venue: e.venue,
      dates: [e.days, ...(e.extraDates ?? [])].map((days) => ({
        starts_at: at(days, hour),
        doors_at: at(days, hour - 1),
        ticket_types: e.tickets.map((t) => ({
          name: t.name,
          price_cents: t.pesos * 100,
          capacity: t.capacity,
          max_per_order: t.max ?? 10,
          named: t.named ?? false,
        })),
      })),
    });
    const id = await createEvent(db, producerIds[e.producer], e.producer === 0 ? admin : superadmin, input);
    const status = e.status ?? 'publicado';
    if (status !== 'borrador') await setStatus(env, id, status, { approved: status === 'publicado' });
    if (e.featured) await db.prepare('update events set featured = 1 where id = ?').bind(id).run();
    if (e.title === THEATRE_TITLE && admin) await seatTheatre(env, id, admin);
    // Earlier sales, recorded by the event's inventory object (the authority), which copies them to D1:
    // the catalogue shows "Últimas entradas" and "Agotado" and nobody can buy past them.
    const sold = e.tickets.flatMap((t, i) => (t.sold ? [{ sort: i, quantity: t.sold }] : []));
    if (sold.length > 0) await recordDemoSales(env, id, sold);
  }
  if (admin) await syncUserRole(db, admin);
}

function logoSvg(name: string, [from, to]: [string, string]) {
  const initials = name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="256" height="256" rx="48" fill="url(#g)"/><text x="128" y="160" text-anchor="middle" font-family="Inter, system-ui, sans-serif" font-size="96" font-weight="800" fill="#fff">${esc(initials)}</text></svg>`;
}

/** Records a demo event's earlier sales (by ticket type position) in its inventory object. */
async function recordDemoSales(env: Env, eventId: number, sold: { sort: number; quantity: number }[]) {
  const { results } = await env.DB.prepare(
    `select t.id, t.sort from ticket_types t join event_dates d on d.id = t.event_date_id where d.event_id = ?`,
  )
    .bind(eventId)
    .all<{ id: number; sort: number }>();
  await syncInventory(env, eventId);
  const sales = sold.flatMap((s) =>
    results.filter((t) => t.sort === s.sort).map((t) => ({ typeId: t.id, quantity: s.quantity })),
  );
  const availability = await inventoryOf(env, eventId).recordDemoSales(sales);
  // The seed answers once the mirror shows it, so the first page already reads the right counts.
  await mirrorDemoCounts(env.DB, availability);
}

async function mirrorDemoCounts(db: D1Database, availability: { typeId: number; sold: number }[]) {
  await db.batch(
    availability.map((a) => db.prepare('update ticket_types set sold = ? where id = ?').bind(a.sold, a.typeId)),
  );
}
