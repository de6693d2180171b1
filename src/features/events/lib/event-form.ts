import { isoToLocalInput } from '../../../shared/dates';
import { EVENT_FORM_TEXT, WIZARD_MSG } from '../../../shared/messages/events';
import { centsToPesosInput, pesosToCents } from '../../../shared/money';
import { type Category, EventInputSchema } from '../../../shared/schemas/events';

/** The wizard's form state: everything as the inputs hold it (strings), converted once on save. */
export type TicketForm = {
  id?: number;
  name: string;
  description: string;
  price: string;
  capacity: string;
  min_per_order: string;
  max_per_order: string;
  sale_starts_at: string;
  sale_ends_at: string;
  hidden: boolean;
  named: boolean;
  sold: number;
};
export type DateForm = {
  id?: number;
  starts_at: string;
  doors_at: string;
  ends_at: string;
  ticket_types: TicketForm[];
};
export type EventForm = {
  title: string;
  category: Category | '';
  description: string;
  min_age: string;
  cover_key: string | null;
  flyer_key: string | null;
  venue: { name: string; address: string; city: string; provinces_id: string };
  dates: DateForm[];
};

export const emptyTicket = (): TicketForm => ({
  name: 'General',
  description: '',
  price: '',
  capacity: '',
  min_per_order: '1',
  max_per_order: '10',
  sale_starts_at: '',
  sale_ends_at: '',
  hidden: false,
  named: false,
  sold: 0,
});

export const emptyDate = (): DateForm => ({ starts_at: '', doors_at: '', ends_at: '', ticket_types: [emptyTicket()] });

export const emptyEvent = (): EventForm => ({
  title: '',
  category: '',
  description: '',
  min_age: '',
  cover_key: null,
  flyer_key: null,
  venue: { name: '', address: '', city: '', provinces_id: '' },
  dates: [emptyDate()],
});

const int = (value: string) => (value.trim() === '' ? undefined : Number(value));
const optional = (value: string) => value || null;

/** The body the API expects. Bad numbers stay NaN (sent as null) so the server answers the field's message. */
export function toPayload(form: EventForm) {
  const venueEmpty = Object.values(form.venue).every((v) => v.trim() === '');
  return {
    title: form.title,
    // Empty until chosen: the server then answers the field's message ('Elegí la categoría del evento').
    category: form.category as Category,
    description: form.description,
    min_age: int(form.min_age) ?? null,
    cover_key: form.cover_key,
    flyer_key: form.flyer_key,
    venue: venueEmpty ? null : { ...form.venue, provinces_id: int(form.venue.provinces_id) ?? 0 },
    dates: form.dates.map((d) => ({
      id: d.id,
      starts_at: d.starts_at,
      doors_at: optional(d.doors_at),
      ends_at: optional(d.ends_at),
      ticket_types: d.ticket_types.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        price_cents: pesosToCents(t.price) ?? Number.NaN,
        capacity: int(t.capacity) ?? Number.NaN,
        min_per_order: int(t.min_per_order) ?? 1,
        max_per_order: int(t.max_per_order) ?? 10,
        sale_starts_at: optional(t.sale_starts_at),
        sale_ends_at: optional(t.sale_ends_at),
        hidden: t.hidden,
        named: t.named,
      })),
    })),
  };
}

type Managed = {
  title: string;
  category: string;
  description: string;
  min_age: number | null;
  cover_key: string | null;
  flyer_key: string | null;
  venue: { name: string; address: string; city: string; provinces_id: number } | null;
  dates: {
    id: number;
    starts_at: string;
    doors_at: string | null;
    ends_at: string | null;
    ticket_types: {
      id: number;
      name: string;
      description: string;
      price_cents: number;
      capacity: number;
      min_per_order: number;
      max_per_order: number;
      sale_starts_at: string | null;
      sale_ends_at: string | null;
      hidden: boolean;
      named: boolean;
      sold: number;
    }[];
  }[];
};

const local = (iso: string | null) => (iso ? isoToLocalInput(iso) : '');

/** An event from the API back into the form. */
export function fromEvent(event: Managed): EventForm {
  return {
    title: event.title,
    category: event.category as Category,
    description: event.description,
    min_age: event.min_age == null ? '' : String(event.min_age),
    cover_key: event.cover_key,
    flyer_key: event.flyer_key,
    // Only the form's four text fields: the answer's venue also carries its id and map point (numbers or null),
    // which the wizard's "is the venue empty" check would call .trim() on ("Siguiente" then did nothing).
    venue: event.venue
      ? {
          name: event.venue.name ?? '',
          address: event.venue.address ?? '',
          city: event.venue.city ?? '',
          provinces_id: String(event.venue.provinces_id),
        }
      : { name: '', address: '', city: '', provinces_id: '' },
    dates: event.dates.map((d) => ({
      id: d.id,
      starts_at: local(d.starts_at),
      doors_at: local(d.doors_at),
      ends_at: local(d.ends_at),
      ticket_types: d.ticket_types.map((t) => ({
        id: t.id,
        name: t.name,
        description: t.description,
        price: centsToPesosInput(t.price_cents),
        capacity: String(t.capacity),
        min_per_order: String(t.min_per_order),
        max_per_order: String(t.max_per_order),
        sale_starts_at: local(t.sale_starts_at),
        sale_ends_at: local(t.sale_ends_at),
        hidden: t.hidden,
        named: t.named,
        sold: t.sold,
      })),
    })),
  };
}

/** The wizard's steps, in order; each field path belongs to one of them. */
export const WIZARD_STEPS = EVENT_FORM_TEXT.stepNames;

/** The step a field path ('dates.0.ticket_types.1.price_cents', 'venue.city', 'title') is edited on. */
export function stepOf(path: string): number {
  if (/^dates\.\d+\.ticket_types/.test(path)) return 2;
  if (path.startsWith('venue') || path.startsWith('dates')) return 1;
  if (path === 'cover_key' || path === 'flyer_key') return 3;
  return 0;
}

/**
 * What the wizard checks before leaving a step (issue 20): the API's own schema (the same messages the
 * server answers) plus what a review needs (a description, a venue, a date with a start). Keys are the
 * API's field paths, so the server's errors land on the same fields.
 */
export function wizardErrors(form: EventForm): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    if (!errors[path]) errors[path] = [message];
  };
  const parsed = EventInputSchema.safeParse(toPayload(form));
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.join('.'), issue.message);
  if (!form.description.trim()) add('description', WIZARD_MSG.descriptionRequired);
  if (Object.values(form.venue).every((v) => v.trim() === '')) add('venue.name', WIZARD_MSG.venueRequired);
  if (form.dates.length === 0) add('dates', WIZARD_MSG.dateRequired);
  form.dates.forEach((d, i) => {
    if (!d.starts_at) add(`dates.${i}.starts_at`, WIZARD_MSG.startRequired);
    if (d.ticket_types.length === 0) add(`dates.${i}.ticket_types`, WIZARD_MSG.ticketRequired);
  });
  return errors;
}

/** The steps that have errors, in order. */
export const stepsWithErrors = (errors: Record<string, string[]>) =>
  [...new Set(Object.keys(errors).map(stepOf))].sort((a, b) => a - b);
