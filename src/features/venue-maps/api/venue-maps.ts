import { client, unwrap } from '../../../lib/api';
import type { EventSeating, KeptSeats, SeatGenerator, SeatMap, SeatMapEdit } from '../../../shared/schemas/seating';

/**
 * The producer's venue maps and seated dates (issue 33) through the provider API: the back office's only door
 * to them (docs/api.md, "Venue maps" and "Seated events").
 */

const producer = (id: number) => ({ producer: String(id) });
const mapParam = (producerId: number, id: number) => ({ ...producer(producerId), id: String(id) });

/** GET /admin/seat-maps/:producer: name, version, seats and the dates that use each map. */
export const listMaps = async (producerId: number) =>
  (await unwrap(client.admin['seat-maps'][':producer'].$get({ param: producer(producerId) }))).data;

/** POST /admin/seat-maps/:producer/generate: a map built from sections of rows. */
export const generateMap = (producerId: number, json: SeatGenerator) =>
  unwrap(client.admin['seat-maps'][':producer'].generate.$post({ param: producer(producerId), json }));

/** POST /admin/seat-maps/:producer: a map document imported as it is. */
export const importMap = (producerId: number, json: SeatMap) =>
  unwrap(client.admin['seat-maps'][':producer'].$post({ param: producer(producerId), json }));

/** GET /admin/seat-maps/:producer/:id: the current version's document (the export). */
export const readMap = async (producerId: number, id: number) =>
  (await unwrap(client.admin['seat-maps'][':producer'][':id'].$get({ param: mapParam(producerId, id) }))).data;

/** PUT /admin/seat-maps/:producer/:id: a new version, the whole document. */
export const replaceMap = (producerId: number, id: number, json: SeatMap) =>
  unwrap(client.admin['seat-maps'][':producer'][':id'].$put({ param: mapParam(producerId, id), json }));

/** POST /admin/seat-maps/:producer/:id/edit: one edit of the current version, saved as a new version. */
export const editMap = (producerId: number, id: number, json: SeatMapEdit) =>
  unwrap(client.admin['seat-maps'][':producer'][':id'].edit.$post({ param: mapParam(producerId, id), json }));

const event = (id: number) => ({ id: String(id) });
const dateParam = (eventId: number, dateId: number) => ({ ...event(eventId), date: String(dateId) });

/** GET /admin/events/:id: the event with its dates (the seating is set per date). */
export const readEvent = async (eventId: number) =>
  (await unwrap(client.admin.events[':id'].$get({ param: event(eventId) }))).data;

/** GET /admin/events/:id/seating: each seated date's map, wheelchair release time and ticket types. */
export const readSeating = async (eventId: number) =>
  (await unwrap(client.admin.events[':id'].seating.$get({ param: event(eventId) }))).data;

/** PUT /admin/events/:id/seating: a date sold seat by seat on a map, a price per category. */
export const setSeating = (eventId: number, json: EventSeating) =>
  unwrap(client.admin.events[':id'].seating.$put({ param: event(eventId), json }));

/** PATCH /admin/events/:id/seating/:date: the wheelchair reserve's release time. */
export const setWheelchairRelease = (eventId: number, dateId: number, at: string | null) =>
  unwrap(
    client.admin.events[':id'].seating[':date'].$patch({
      param: dateParam(eventId, dateId),
      json: { wheelchair_release_at: at },
    }),
  );

/** GET /admin/events/:id/seating/:date/held-seats: the groups of held seats and their release times. */
export const readHeldSeats = async (eventId: number, dateId: number) =>
  (await unwrap(client.admin.events[':id'].seating[':date']['held-seats'].$get({ param: dateParam(eventId, dateId) })))
    .data;

/** PUT /admin/events/:id/seating/:date/held-seats: every group at once. */
export const setHeldSeats = (eventId: number, dateId: number, json: KeptSeats) =>
  unwrap(client.admin.events[':id'].seating[':date']['held-seats'].$put({ param: dateParam(eventId, dateId), json }));

export type MapSummary = Awaited<ReturnType<typeof listMaps>>[number];
export type SeatedDate = Awaited<ReturnType<typeof readSeating>>[number];
export type HeldGroups = Awaited<ReturnType<typeof readHeldSeats>>;
export type ManagedEventView = Awaited<ReturnType<typeof readEvent>>;
