import { describe, expect, it } from 'vitest';
import { emptyEvent, stepOf, stepsWithErrors, wizardErrors } from './event-form';

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
