import { beforeEach, describe, expect, it, vi } from 'vitest';
import { generateMap } from '../../functions/domain/seating/seat-map';
import {
  holdItems,
  loadSection,
  pickedTotals,
  pickProblem,
  pinchZoom,
  seatLabel,
  sectionOfSeat,
  ZOOM,
} from '../../src/features/seating/lib/pick';
import type { SeatedDateView } from '../../src/features/seating/types';
import { discountLines, priceLine, totals } from '../../src/shared/pricing';
import { mapOutline } from '../../src/shared/seats';

/** The buyer's seat map (issue 33): its pure rules and its store, the API answers faked. */

const availability = vi.fn();
vi.mock('../../src/features/seating/api/seat-map', () => ({
  fetchSection: async (_e: number, _d: number, id: string) => map.sections.find((s) => s.id === id),
  fetchAvailability: (...args: unknown[]) => availability(...args),
}));
const { createSeatPicker } = await import('../../src/features/seating/stores/seat-picker');

const map = generateMap({
  name: 'Sala',
  categories: [
    { key: 'platea', name: 'Platea' },
    { key: 'pullman', name: 'Pullman' },
  ],
  sections: [
    {
      name: 'Platea',
      category: 'platea',
      rows: 2,
      row_labels: 'letters',
      seats_per_row: 6,
      curve: 0,
      numbering: 'consecutive',
    },
    {
      name: 'Pullman',
      category: 'pullman',
      rows: 1,
      row_labels: 'letters',
      seats_per_row: 4,
      curve: 0,
      numbering: 'consecutive',
    },
  ],
  standing: [],
});
const outline = mapOutline(map);
const date: SeatedDateView = {
  event_date_id: 7,
  map: outline,
  categories: {
    platea: { ticket_type_id: 41, name: 'Platea', price_cents: 25_000_00 },
    pullman: { ticket_type_id: 42, name: 'Pullman', price_cents: 12_000_00 },
  },
  standing: {},
};
const platea = map.sections[0].kind === 'seated' ? loadSection(outline, map.sections[0]) : null!;
const seat = (id: string) => platea.seats.find((s) => s.id === id)!;
const all = () => true;

describe('the pure rules', () => {
  it('names a seat as a screen reader says it, with its flags, its state and its price', () => {
    expect(seatLabel(seat('platea-A-3'), 'available', date.categories.platea)).toBe(
      'Platea, fila A, butaca 3, disponible, $\u00a025.000',
    );
    expect(seatLabel({ ...seat('platea-B-1'), wheelchair: true }, 'taken', date.categories.platea)).toBe(
      'Platea, fila B, butaca 1, silla de ruedas, ocupada, $\u00a025.000',
    );
  });

  it('refuses a pick that leaves a seat alone only when another block of as many would not', () => {
    // A-2 is left alone between them, and A-1 A-2 would not leave anyone alone.
    expect(pickProblem(platea, new Set(), [seat('platea-A-1'), seat('platea-A-3')], all)).toMatch(
      /Con esa elección Platea, fila A, butaca 2 queda sola/,
    );
    expect(pickProblem(platea, new Set(), [seat('platea-A-1'), seat('platea-A-2')], all)).toBeNull();
    // taken: either block of two in A-3 A-4 A-5 leaves the third alone. With row B full that is the
    // only choice, and it is accepted; with row B free it is not.
    const rowA = new Set(['platea-A-2', 'platea-A-6']);
    const rowBFull = new Set([...rowA, ...platea.rows[1].map((s) => s.id)]);
    expect(pickProblem(platea, rowBFull, [seat('platea-A-3'), seat('platea-A-4')], all)).toBeNull();
    expect(pickProblem(platea, rowA, [seat('platea-A-3'), seat('platea-A-4')], all)).toMatch(/butaca 5 queda sola/);
  });

  it('groups the picked seats by the ticket type of their category', () => {
    expect(holdItems([seat('platea-A-1'), seat('platea-A-2')], date.categories)).toEqual([
      { ticket_type_id: 41, quantity: 2, seat_ids: ['platea-A-1', 'platea-A-2'] },
    ]);
  });

  it("totals the picked seats as the hold charges them: the service charge in, the page's code's discount applied", () => {
    const fee = { percentBp: 1500, fixedCents: 100_00 };
    const pullman = map.sections[1].kind === 'seated' ? loadSection(outline, map.sections[1]) : null!;
    const picked = [seat('platea-A-1'), seat('platea-A-2'), pullman.seats.find((s) => s.id === 'pullman-A-1')!];
    // 2 × 25.000 + 12.000, each with 15 % + $ 100 of service charge.
    expect(pickedTotals(picked, date.categories, fee, null)).toEqual({
      subtotalCents: 62_000_00,
      feeCents: 3_750_00 * 2 + 1_800_00 + 3 * 100_00,
      totalCents: 62_000_00 + 3_750_00 * 2 + 1_800_00 + 3 * 100_00,
    });
    // What the API prices the order with (durable-objects/inventory/order-writer.ts: priceLine, discountLines,
    // totals), a code of 10 % off the platea included.
    const discount = { type: 'percent' as const, value: 10, typeIds: [41] };
    const api = totals(
      discountLines([priceLine(41, 2, 25_000_00, fee), priceLine(42, 1, 12_000_00, fee)], discount, fee),
    );
    expect(pickedTotals(picked, date.categories, fee, discount)).toEqual(api);
    expect(api.totalCents).toBe(2 * (22_500_00 + 3_375_00 + 100_00) + 12_000_00 + 1_800_00 + 100_00);
    expect(pickedTotals([], date.categories, fee, null).totalCents).toBe(0);
  });

  it('zooms with the distance between two fingers, within its bounds', () => {
    expect(pinchZoom(20, 100, 150)).toBe(30);
    expect(pinchZoom(20, 100, 10)).toBe(ZOOM.min);
    expect(pinchZoom(20, 100, 10_000)).toBe(ZOOM.max);
  });

  it("finds a held seat's section by its id, else by its name", () => {
    expect(sectionOfSeat(outline, { id: 'pullman-A-2', name: 'Pullman, fila A, butaca 2' })).toBe('pullman');
    expect(sectionOfSeat(outline, { id: 'x-1', name: 'Platea, fila B, butaca 4' })).toBe('platea');
  });
});

describe('the picker store', () => {
  beforeEach(() => availability.mockReset());
  const answer = (taken: string[]) => ({
    dates: [{ event_date_id: 7, taken, sections: [{ id: 'platea', available: 12 - taken.length, total: 12 }] }],
    at: '',
  });

  it('opens a section with its seats and what is taken, and never picks a taken seat', async () => {
    availability.mockResolvedValue(answer(['platea-A-1']));
    const picker = createSeatPicker({ eventId: 3, date, left: [] });
    await picker.openSection('platea');
    expect(availability).toHaveBeenCalledWith(3, 'platea');
    expect(picker.$sections.get().platea.status).toBe('ready');
    picker.toggle(seat('platea-A-1'));
    picker.toggle(seat('platea-A-2'));
    expect(picker.$picked.get().map((s) => s.id)).toEqual(['platea-A-2']);
    expect(picker.$left.get()).toEqual([{ id: 'platea', available: 11, total: 12 }]);
  });

  it('drops a picked seat someone else took meanwhile, and says which', async () => {
    availability.mockResolvedValue(answer([]));
    const picker = createSeatPicker({ eventId: 3, date, left: [] });
    await picker.openSection('platea');
    picker.toggle(seat('platea-A-1'));
    picker.toggle(seat('platea-A-2'));
    availability.mockResolvedValue(answer(['platea-A-2']));
    await picker.refresh();
    expect(picker.$picked.get().map((s) => s.id)).toEqual(['platea-A-1']);
    expect(picker.$notice.get()).toBe('Platea, fila A, butaca 2 ya no está disponible: elegí otra.');
  });

  it("keeps the seats the buyer's own hold took as theirs when the availability lists them taken", async () => {
    availability.mockResolvedValue(answer([]));
    const picker = createSeatPicker({ eventId: 3, date, left: [] });
    await picker.openSection('platea');
    picker.showHeld([seat('platea-B-3'), seat('platea-B-4')]);
    availability.mockResolvedValue(answer(['platea-B-3', 'platea-B-4', 'platea-A-1']));
    await picker.refresh();
    expect(picker.$picked.get().map((s) => s.id)).toEqual(['platea-B-3', 'platea-B-4']);
    expect(picker.$notice.get()).toBeNull();
  });

  it("keeps to the per-order maximum and, for the box office, to its ticket type's category", async () => {
    availability.mockResolvedValue(answer([]));
    const picker = createSeatPicker({ eventId: 3, date, left: [], max: 1, categories: ['pullman'] });
    await picker.openSection('platea');
    picker.toggle(seat('platea-A-1'));
    expect(picker.$picked.get()).toEqual([]);
    const buyer = createSeatPicker({ eventId: 3, date, left: [], max: 1 });
    await buyer.openSection('platea');
    buyer.toggle(seat('platea-A-1'));
    buyer.toggle(seat('platea-A-2'));
    expect(buyer.$picked.get().map((s) => s.id)).toEqual(['platea-A-1']);
    expect(buyer.$notice.get()).toBe('Podés elegir 1 butaca por compra.');
  });

  it('shows the single-seat rule before the hold, from the same rule as the API', async () => {
    availability.mockResolvedValue(answer([]));
    const picker = createSeatPicker({ eventId: 3, date, left: [] });
    await picker.openSection('platea');
    picker.toggle(seat('platea-A-1'));
    picker.toggle(seat('platea-A-3'));
    expect(picker.$problem.get()).toMatch(/butaca 2 queda sola/);
    picker.toggle(seat('platea-A-2'));
    expect(picker.$problem.get()).toBeNull();
  });
});
