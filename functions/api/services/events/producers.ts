import { EVENT_MSG } from '../../../../src/shared/messages/events';
import { type ProducerInput, slugify } from '../../../../src/shared/schemas/events';
import { randomToken } from '../../lib/crypto';
import { fail } from '../../lib/errors';
import { listedFrom } from './catalog';
import { likeEvery, searchPatterns } from './search';

const PRODUCER_COLUMNS = `p.id, p.name, p.slug, p.logo_key, p.description, p.contact_email, p.contact_phone,
  p.instagram, p.facebook, p.website, p.city, p.provinces_id, pr.name as province`;

export type ProducerRow = {
  id: number;
  name: string;
  slug: string;
  logo_key: string | null;
  description: string;
  contact_email: string | null;
  contact_phone: string | null;
  instagram: string | null;
  facebook: string | null;
  website: string | null;
  city: string | null;
  provinces_id: number | null;
  province: string | null;
};

async function producerSlug(db: D1Database, name: string) {
  const base = slugify(name);
  const taken = await db.prepare('select 1 from producers where slug = ?').bind(base).first();
  return taken
    ? `${base}-${randomToken(3)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`
    : base;
}

/** Creates a producer with `userId` as its ADMIN. The caller recomputes the user's role. */
export async function createProducer(db: D1Database, userId: number, input: Partial<ProducerInput> & { name: string }) {
  const row = await db
    .prepare(
      `insert into producers (name, slug, description, contact_email, contact_phone, city, provinces_id)
       values (?, ?, ?, ?, ?, ?, ?) returning id`,
    )
    .bind(
      input.name,
      await producerSlug(db, input.name),
      input.description ?? '',
      input.contact_email ?? null,
      input.contact_phone ?? null,
      input.city ?? null,
      input.provinces_id ?? null,
    )
    .first<{ id: number }>();
  await db
    .prepare(`insert into producer_members (producer_id, user_id, role) values (?, ?, 'ADMIN')`)
    .bind(row!.id, userId)
    .run();
  return row!.id;
}

export async function updateProducer(db: D1Database, id: number, input: ProducerInput) {
  await db
    .prepare(
      `update producers set name = ?, logo_key = ?, description = ?, contact_email = ?, contact_phone = ?, instagram = ?,
         facebook = ?, website = ?, city = ?, provinces_id = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       where id = ?`,
    )
    .bind(
      input.name,
      input.logo_key ?? null,
      input.description,
      input.contact_email ?? null,
      input.contact_phone ?? null,
      input.instagram ?? null,
      input.facebook ?? null,
      input.website ?? null,
      input.city ?? null,
      input.provinces_id ?? null,
      id,
    )
    .run();
}

export async function getProducer(db: D1Database, id: number) {
  const row = await db
    .prepare(
      `select ${PRODUCER_COLUMNS} from producers p left join provincias pr on pr.id = p.provinces_id where p.id = ?`,
    )
    .bind(id)
    .first<ProducerRow>();
  if (!row) fail(404, EVENT_MSG.producerNotFound);
  return row;
}

/** Producers for the public directory, with how many upcoming published events each has; searchable by name or city. */
export async function listPublicProducers(db: D1Database, q: string | undefined, page: number, perPage = 24) {
  const now = listedFrom();
  const patterns = q ? searchPatterns(q) : [];
  // ?1 is the listing window's start in the page query only, so the count query numbers the patterns from 1.
  const where = (first: number) =>
    q
      ? `where p.id in (select s.producer_id from producers_search s where ${likeEvery('s.text', patterns, first)})`
      : '';
  const [rows, total] = await db.batch([
    db
      .prepare(
        `select ${PRODUCER_COLUMNS},
                (select count(*) from events e where e.producer_id = p.id and e.status = 'publicado'
                   and e.last_starts_at >= ?1) as upcoming
           from producers p left join provincias pr on pr.id = p.provinces_id ${where(2)}
          order by upcoming desc, p.name limit ${perPage} offset ${(page - 1) * perPage}`,
      )
      .bind(now, ...patterns),
    db
      .prepare(`select count(*) as n from producers p left join provincias pr on pr.id = p.provinces_id ${where(1)}`)
      .bind(...patterns),
  ]);
  const count = (total.results[0] as { n: number }).n;
  return {
    producers: rows.results as (ProducerRow & { upcoming: number })[],
    pagination: { page, per_page: perPage, total: count, pages: Math.max(1, Math.ceil(count / perPage)) },
  };
}

export async function getPublicProducerBySlug(db: D1Database, slug: string) {
  return db
    .prepare(
      `select ${PRODUCER_COLUMNS} from producers p left join provincias pr on pr.id = p.provinces_id where p.slug = ?`,
    )
    .bind(slug)
    .first<ProducerRow>();
}

/** The producer's published past events, most recent first: those no longer listed (`listedFrom`). */
export async function listPastEvents(db: D1Database, producerId: number, limit = 12) {
  const { results } = await db
    .prepare(
      `select e.id, e.title, e.category, e.cover_key, e.starts_at, e.last_starts_at, e.status, v.name as venue_name, v.city
         from events e left join venues v on v.id = e.venue_id
        where e.producer_id = ? and e.status in ('publicado', 'finalizado', 'cancelado') and e.last_starts_at < ?
        order by e.last_starts_at desc limit ?`,
    )
    .bind(producerId, listedFrom(), limit)
    .all<{
      id: number;
      title: string;
      category: string;
      cover_key: string | null;
      starts_at: string | null;
      venue_name: string | null;
      city: string | null;
      status: string;
    }>();
  return results;
}

/**
 * The producers the caller belongs to (all of them for a superadmin), for the back-office selectors, with
 * whether new ticket types are named by default (its configuration).
 */
export async function listMyProducers(db: D1Database, userId: number, all: boolean) {
  const named = `coalesce((select s.named_tickets from producer_settings s where s.producer_id = p.id), 0) as named_tickets,
    p.trusted_at is not null as trusted`;
  const { results } = all
    ? await db
        .prepare(`select p.id, p.name, p.slug, 'SUPERADMIN' as role, ${named} from producers p order by p.name`)
        .all()
    : await db
        .prepare(
          `select p.id, p.name, p.slug, m.role, ${named} from producers p join producer_members m on m.producer_id = p.id
            where m.user_id = ? order by p.name`,
        )
        .bind(userId)
        .all();
  return (
    results as { id: number; name: string; slug: string; role: string; named_tickets: number; trusted: number }[]
  ).map((r) => ({
    ...r,
    named_tickets: r.named_tickets === 1,
    /** Publishes its events without review (issue 32): the wizard says so instead of the review's wait. */
    trusted: r.trusted === 1,
  }));
}
