import { describe, expect, it } from 'vitest';
import { theatreMap } from '../../functions/dev/seeds/theatre-map';
import { checkMap } from '../../functions/domain/seating/seat-map';
import { mapOutline, placedSeats, wheelchairPlaces } from '../../src/shared/seats';

/** The demo's seated theatre (issue 33): about 600 seats, a valid map, and its wheelchair reserve. */
describe('the demo theatre', () => {
  const map = theatreMap();
  const seats = placedSeats(map);

  it('has 600 seats in platea, pullman and two palcos, and is a valid map', () => {
    expect(seats).toHaveLength(600);
    expect(checkMap(map)).toBeNull();
    expect(mapOutline(map).sections.map((s) => [s.id, s.kind === 'seated' ? s.seats : 0])).toEqual([
      ['platea', 352],
      ['pullman', 200],
      ['palco-izq', 24],
      ['palco-der', 24],
    ]);
  });

  it('has the 2 % wheelchair reserve, each place with its companion, and restricted and blocked seats', () => {
    const sellable = seats.filter((s) => !s.blocked).length;
    expect(wheelchairPlaces(seats)).toBeGreaterThanOrEqual(Math.ceil((2 * sellable) / 100));
    expect(seats.filter((s) => s.blocked === 'tecnica')).toHaveLength(2);
    expect(seats.filter((s) => s.restricted_view)).toHaveLength(12);
  });
});
