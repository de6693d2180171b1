import { describe, expect, it } from 'vitest';
import { newSection, toGenerator } from '../../src/features/venue-maps/lib/generator-form';
import { rowRange, toggleAll } from '../../src/features/venue-maps/lib/selection';
import { SeatGeneratorSchema } from '../../src/shared/schemas/seating';
import { generateMap } from '../../src/shared/seat-generator';
import { placedSeats, rowsOf } from '../../src/shared/seats';

/** The back office's generator form and the editor's selection (issue 33), pure. */
describe('the generator form', () => {
  it('makes one category per distinct name, keys from names, seats per row from a list', () => {
    const request = toGenerator(' Teatro ', [
      { ...newSection(1), name: 'Platea baja', category: 'Platea baja', rows: '3', seats: '4, 6,8' },
      { ...newSection(2), name: 'Pullman', category: 'Platea baja', numbering: 'consecutive' },
      { ...newSection(3), kind: 'standing', name: 'Campo VIP', category: 'Campo', capacity: '300' },
    ]);
    expect(request.name).toBe('Teatro');
    expect(request.categories).toEqual([
      { key: 'platea-baja', name: 'Platea baja' },
      { key: 'campo', name: 'Campo' },
    ]);
    expect(request.sections[0]).toMatchObject({ category: 'platea-baja', rows: 3, seats_per_row: [4, 6, 8] });
    expect(request.sections[1]).toMatchObject({ category: 'platea-baja', numbering: 'consecutive' });
    expect(request.standing).toEqual([{ id: 'campo-vip', name: 'Campo VIP', category: 'campo', capacity: 300 }]);
    expect(SeatGeneratorSchema.safeParse(request).success).toBe(true);
  });

  it('leaves what is not a whole number for the schema to refuse (no preview, the API answers in Spanish)', () => {
    const request = toGenerator('Sala', [{ ...newSection(1), rows: '3,5' }]);
    expect(SeatGeneratorSchema.safeParse(request).success).toBe(false);
  });
});

describe('the editor selection', () => {
  const map = generateMap(
    SeatGeneratorSchema.parse(toGenerator('Sala', [{ ...newSection(1), rows: '2', seats: '6' }])),
  );
  const rows = rowsOf(placedSeats(map));
  const [row] = rows;

  it('shift-click takes the row from the last seat to this one, or the whole row', () => {
    expect(rowRange(rows, row[1].id, row[4]).map((s) => s.id)).toEqual(row.slice(1, 5).map((s) => s.id));
    expect(rowRange(rows, row[4].id, row[1]).map((s) => s.id)).toEqual(row.slice(1, 5).map((s) => s.id));
    expect(rowRange(rows, rows[1][0].id, row[2])).toEqual(row);
    expect(rowRange(rows, null, row[2])).toEqual(row);
  });

  it('toggles a group: adds it unless all of it was selected', () => {
    const some = toggleAll(new Set([row[0].id]), [row[0].id, row[1].id]);
    expect([...some]).toEqual([row[0].id, row[1].id]);
    expect([...toggleAll(some, [row[0].id, row[1].id])]).toEqual([]);
  });
});
