import type { ConsentKind } from '../../../../src/shared/messages/accounts';
import { queueOf } from '../../../durable-objects/stubs';
import { placeJson } from '../queue/queues';
import { myWaitlistPlace } from '../waitlist/waitlist';
import { deletionOf } from './deletion';
import { objectsWithPlaces } from './object-places';
import { publicUser, type UserRow } from './users';

/**
 * "Mis datos" (issue 35; Ley 25.326's right of access): everything Boletería keeps about a person, at once.
 * The same answer is the JSON file and the readable page (/perfil/mis-datos). Each list is the person's own
 * rows only: orders they placed, tickets they hold, transfers they sent or received, their places in queues and
 * waiting lists (the events' objects keep them), their consents and the e-mails sent to their address.
 */

/** How many rows of each list at most (an account's whole history fits far below this). */
const LIMIT = 1000;
/** Objects asked for the person's queue and waiting-list places at most (each is one call to an object). */
const PLACES = 200;

export async function personalData(env: Env, user: UserRow) {
  const db = env.DB;
  const [consents, orders, tickets, transfers, mails] = await db.batch([
    db
      .prepare('select kind, granted, version, source, created_at from consents where user_id = ? order by id')
      .bind(user.id),
    db
      .prepare(
        `select o.id, o.event_id, e.title as event_title, o.status, o.subtotal_cents, o.fee_cents, o.discount_cents,
                o.total_cents, o.refunded_cents, o.buyer_name, o.buyer_email, o.buyer_dni, o.buyer_phone,
                o.promo_code, o.created_at, o.paid_at
           from orders o join events e on e.id = o.event_id
          where o.user_id = ? and o.paid_at is not null order by o.created_at desc limit ${LIMIT}`,
      )
      .bind(user.id),
    db
      .prepare(
        `select k.id, k.order_id, k.event_id, e.title as event_title, d.starts_at, t.name as ticket_type,
                k.status, k.holder_name, k.holder_dni, k.used_at, k.created_at
           from tickets k join events e on e.id = k.event_id join event_dates d on d.id = k.event_date_id
           join ticket_types t on t.id = k.ticket_type_id
          where k.owner_user_id = ? order by d.starts_at desc, k.id limit ${LIMIT}`,
      )
      .bind(user.id),
    db
      .prepare(
        `select r.id, r.ticket_id, e.title as event_title,
                case when r.from_user_id = ?1 then 'sent' else 'received' end as direction,
                r.to_email, s.name as from_name, r.status, r.created_at, r.accepted_at
           from ticket_transfers r join tickets k on k.id = r.ticket_id join events e on e.id = k.event_id
           join users s on s.id = r.from_user_id
          where r.from_user_id = ?1 or r.to_email = ?2 order by r.created_at desc limit ${LIMIT}`,
      )
      .bind(user.id, user.email),
    db
      .prepare(`select subject, created_at from mail_log where to_address = ? order by id desc limit ${LIMIT}`)
      .bind(user.email),
  ]);
  const [places, deletion] = await Promise.all([objectPlaces(env, user.id), deletionOf(db, user.id)]);
  return {
    generated_at: new Date().toISOString(),
    account: {
      ...publicUser(user),
      email_verified_at: user.email_verified_at,
      terms_accepted_at: user.terms_accepted_at,
    },
    consents: (consents.results as ConsentRow[]).map((c) => ({ ...c, granted: c.granted === 1 })),
    orders: orders.results as OrderData[],
    tickets: tickets.results as TicketData[],
    transfers: transfers.results as TransferData[],
    queue_places: places.queue,
    waitlist_places: places.waitlist,
    mails: mails.results as { subject: string; created_at: string }[],
    deletion,
  };
}
export type PersonalData = Awaited<ReturnType<typeof personalData>>;

type ConsentRow = { kind: ConsentKind; granted: number; version: string; source: string; created_at: string };
type OrderData = {
  id: string;
  event_id: number;
  event_title: string;
  status: string;
  subtotal_cents: number;
  fee_cents: number;
  discount_cents: number;
  total_cents: number;
  refunded_cents: number;
  buyer_name: string | null;
  buyer_email: string | null;
  buyer_dni: string | null;
  buyer_phone: string | null;
  promo_code: string | null;
  created_at: string;
  paid_at: string | null;
};
type TicketData = {
  id: string;
  order_id: string;
  event_id: number;
  event_title: string;
  starts_at: string;
  ticket_type: string;
  status: string;
  holder_name: string | null;
  holder_dni: string | null;
  used_at: string | null;
  created_at: string;
};
type TransferData = {
  id: string;
  ticket_id: string;
  event_title: string;
  direction: 'sent' | 'received';
  to_email: string;
  from_name: string;
  status: string;
  created_at: string;
  accepted_at: string | null;
};

/**
 * The person's places in the queues and waiting lists, wherever they are kept: each in its event's object,
 * found through the objects' copy in D1 (object-places.ts) and read from the object itself. Past events' places
 * are theirs too until the producer's retention erases them.
 */
async function objectPlaces(env: Env, userId: number) {
  const objects = await objectsWithPlaces(env.DB, userId, PLACES);
  const answers = await Promise.all(
    objects.map(async (o) => {
      const event = { event_id: o.eventId, event_title: o.eventTitle };
      if (o.kind === 'inventory') {
        const place = await myWaitlistPlace(env, userId, o.eventId);
        return { queue: null, waitlist: place ? { ...event, ...place } : null };
      }
      const place = await queueOf(env, o.eventId).place(userId);
      return { queue: place.joined ? { ...event, ...placeJson(place) } : null, waitlist: null };
    }),
  );
  return {
    queue: answers.flatMap((a) => (a.queue ? [a.queue] : [])),
    waitlist: answers.flatMap((a) => (a.waitlist ? [a.waitlist] : [])),
  };
}
