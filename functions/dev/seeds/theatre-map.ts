import type { Seat, SeatMap } from '../../../src/shared/schemas/seating';
import { generateMap } from '../../domain/seating/seat-map';

/**
 * The demo's seated theatre (issue 33): "La Casa de Bernarda Alba" sells its 600 seats one by one, on a map of
 * the producer's: platea (16 rows of 22), pullman (10 of 20, two seats of its back row kept for the sound desk),
 * and two side palcos (6 rows of 4, the outer column with restricted view). Platea's back row and pullman's front
 * row have six wheelchair places each, every one with its companion seat beside it (2 % of the seats).
 */
/** A side palco: six rows of four seats beside the platea, `x` seats from the centre. */
const palco = (id: string, name: string, x: number) => ({
  id,
  name,
  category: 'palcos',
  rows: 6,
  row_labels: 'numbers' as const,
  seats_per_row: 4,
  curve: 0,
  numbering: 'consecutive' as const,
  x,
  y: 2,
});

export function theatreMap(): SeatMap {
  const map = generateMap({
    name: 'Teatro Gran Rex',
    categories: [
      { key: 'platea', name: 'Platea' },
      { key: 'pullman', name: 'Pullman' },
      { key: 'palcos', name: 'Palcos' },
    ],
    sections: [
      {
        name: 'Platea',
        category: 'platea',
        rows: 16,
        row_labels: 'letters',
        seats_per_row: 22,
        curve: 0.2,
        numbering: 'odd_even',
      },
      {
        name: 'Pullman',
        category: 'pullman',
        rows: 10,
        row_labels: 'letters',
        seats_per_row: 20,
        curve: 0.15,
        numbering: 'odd_even',
      },
      palco('palco-izq', 'Palcos izquierda', -16),
      palco('palco-der', 'Palcos derecha', 16),
    ],
    standing: [],
  });
  const section = (id: string) => map.sections.find((s) => s.id === id && s.kind === 'seated');
  // Wheelchair places with their companion beside them, three pairs at each end of a row.
  const pairs = ({ seats }: { seats: Seat[] }) => {
    for (const start of [0, 2, 4, seats.length - 6, seats.length - 4, seats.length - 2]) {
      seats[start].wheelchair = true;
      seats[start + 1].companion = true;
    }
  };
  const platea = section('platea');
  const pullman = section('pullman');
  if (platea?.kind === 'seated') pairs(platea.rows.at(-1)!);
  if (pullman?.kind === 'seated') {
    pairs(pullman.rows[0]);
    const back = pullman.rows.at(-1)!.seats;
    for (const seat of back.slice(back.length / 2 - 1, back.length / 2 + 1)) seat.blocked = 'tecnica';
  }
  for (const [id, outer] of [
    ['palco-izq', 0],
    ['palco-der', 3],
  ] as const) {
    const palco = section(id);
    if (palco?.kind === 'seated') for (const row of palco.rows) row.seats[outer].restricted_view = true;
  }
  return map;
}
