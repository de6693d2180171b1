import type { WritableAtom } from 'nanostores';
import { type DateForm, type EventForm, emptyDate, emptyTicket, type TicketForm } from '../lib/event-form';
import type { ManagedVenue } from '../types';

/** The wizard's edits of its form: each one a new form, so every step that shows a part of it redraws. */
export function editsOf($form: WritableAtom<EventForm>) {
  const update = (patch: Partial<EventForm>) => $form.set({ ...$form.get(), ...patch });
  const updateDate = (i: number, patch: Partial<DateForm>) =>
    update({ dates: $form.get().dates.map((d, j) => (j === i ? { ...d, ...patch } : d)) });
  const ticketsOf = (i: number) => $form.get().dates[i].ticket_types;

  return {
    update,
    updateVenue: (patch: Partial<EventForm['venue']>) => update({ venue: { ...$form.get().venue, ...patch } }),
    /** A venue used before fills the venue's fields. */
    chooseVenue(venue: ManagedVenue | undefined) {
      if (!venue) return;
      update({
        venue: {
          name: venue.name,
          address: venue.address,
          city: venue.city,
          provinces_id: String(venue.provinces_id),
        },
      });
    },
    updateDate,
    /** A new date starts with the last date's ticket types (unsold copies). */
    addDate() {
      const dates = $form.get().dates;
      const types = (dates.at(-1)?.ticket_types ?? [emptyTicket()]).map(({ id: _id, ...t }) => ({ ...t, sold: 0 }));
      update({ dates: [...dates, { ...emptyDate(), ticket_types: types }] });
    },
    removeDate: (i: number) => update({ dates: $form.get().dates.filter((_, j) => j !== i) }),
    updateTicket: (i: number, k: number, patch: Partial<TicketForm>) =>
      updateDate(i, { ticket_types: ticketsOf(i).map((t, j) => (j === k ? { ...t, ...patch } : t)) }),
    /** A new ticket type follows the producer's configuration (named or not); it can still be changed. */
    addTicket: (i: number, named: boolean) =>
      updateDate(i, { ticket_types: [...ticketsOf(i), { ...emptyTicket(), name: '', named }] }),
    removeTicket: (i: number, k: number) => updateDate(i, { ticket_types: ticketsOf(i).filter((_, j) => j !== k) }),
  };
}
