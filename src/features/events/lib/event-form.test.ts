import { describe, expect, it } from 'vitest';
import { emptyEvent, fromEvent, stepOf, stepsWithErrors, wizardErrors } from './event-form';

describe('the wizard checks each step', () => {
  it.each([
    ['title', 0],
    ['category', 0],
    ['venue.city', 1],
    ['dates.0.starts_at', 1],
    ['dates.2.ticket_types.1.price_cents', 2],
    ['cover_key', 3],
  ])('puts %s on step %i', (path, step) => {
    expect(stepOf(path)).toBe(step);
  });

  it('finds an empty event wrong on the first three steps', () => {
    const errors = wizardErrors(emptyEvent());
    expect(stepsWithErrors(errors)).toEqual([0, 1, 2]);
    expect(errors.title).toBeDefined();
    expect(errors.description).toEqual(['Agregá una descripción.']);
    expect(errors['venue.name']).toEqual(['Indicá el lugar del evento.']);
    expect(errors['dates.0.ticket_types.0.capacity']).toBeDefined();
  });

  it('finds nothing wrong in a complete event', () => {
    const event = emptyEvent();
    event.title = 'Recital';
    event.category = 'Música';
    event.description = 'Un recital.';
    event.venue = { name: 'Teatro', address: 'Calle 1', city: 'Rosario', provinces_id: '21' };
    event.dates[0].starts_at = '2030-05-01T21:00';
    event.dates[0].ticket_types[0].price = '15.000';
    event.dates[0].ticket_types[0].capacity = '300';
    expect(wizardErrors(event)).toEqual({});
  });
});

describe('an event from the API back into the wizard', () => {
  it('keeps only the venue fields the form edits, so the checks run (the answer carries its id and map point)', () => {
    const venue = {
      id: 4,
      name: 'Club del Sur',
      address: 'Defensa 1000',
      city: 'CABA',
      provinces_id: 1,
      lat: null,
      lng: -58.37,
    };
    const form = fromEvent({
      title: 'Recital',
      category: 'Música',
      description: 'Un recital.',
      min_age: null,
      cover_key: null,
      flyer_key: null,
      venue,
      dates: [
        {
          id: 1,
          starts_at: '2030-05-01T21:00:00-03:00',
          doors_at: null,
          ends_at: null,
          ticket_types: [
            {
              id: 2,
              name: 'General',
              description: '',
              price_cents: 1_500_000,
              capacity: 100,
              min_per_order: 1,
              max_per_order: 10,
              sale_starts_at: null,
              sale_ends_at: null,
              hidden: false,
              named: false,
              sold: 0,
            },
          ],
        },
      ],
    });
    expect(form.venue).toEqual({ name: 'Club del Sur', address: 'Defensa 1000', city: 'CABA', provinces_id: '1' });
    expect(wizardErrors(form)).toEqual({});
  });
});
