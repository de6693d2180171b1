import { describe, expect, it } from 'vitest';
import { discountLines, discountTotal, priceLine, totals, unitFee } from './pricing';

describe('service charge', () => {
  const fee = { percentBp: 1000, fixedCents: 5000 };

  it.each([
    [0, 0],
    [100_00, 10_00 + 50_00],
    [12_345_67, 1_234_57 + 50_00],
  ])('charges %i cents a fee of %i cents', (price, expected) => {
    expect(unitFee(price, fee)).toBe(expected);
  });

  it('adds up price times quantity and the fee per ticket', () => {
    const lines = [priceLine(1, 2, 1000_00, fee), priceLine(2, 3, 0, fee)];
    expect(totals(lines)).toEqual({ subtotalCents: 2000_00, feeCents: 2 * 150_00, totalCents: 2300_00 });
  });
});

describe('promo discounts', () => {
  const fee = { percentBp: 1000, fixedCents: 500 };
  const lines = () => [priceLine(1, 2, 10_000, fee), priceLine(2, 1, 4_000, fee)];

  it('a 100% code makes a free order with no service charge', () => {
    const out = discountLines(lines(), { type: 'percent', value: 100, typeIds: null }, fee);
    expect(totals(out)).toEqual({ subtotalCents: 0, feeCents: 0, totalCents: 0 });
    expect(discountTotal(out)).toBe(24_000);
  });

  it('charges the service fee on the discounted price, only on the listed types', () => {
    const out = discountLines(lines(), { type: 'percent', value: 50, typeIds: [1] }, fee);
    expect(out[0]).toMatchObject({ unitPriceCents: 5_000, unitDiscountCents: 5_000, unitFeeCents: 1_000 });
    expect(out[1]).toMatchObject({ unitPriceCents: 4_000, unitDiscountCents: 0, unitFeeCents: 900 });
  });

  it('never goes below zero', () => {
    const fixed = discountLines(lines(), { type: 'fixed_ticket', value: 7_000, typeIds: null }, fee);
    expect(fixed.map((l) => l.unitPriceCents)).toEqual([3_000, 0]);
    const set = discountLines(lines(), { type: 'set_price', value: 5_000, typeIds: null }, fee);
    expect(set.map((l) => l.unitPriceCents)).toEqual([5_000, 4_000]);
  });

  it('spreads a per-order amount over the discounted tickets', () => {
    const out = discountLines(lines(), { type: 'fixed_order', value: 3_001, typeIds: null }, fee);
    expect(out.map((l) => l.unitDiscountCents)).toEqual([1_000, 1_000]);
    expect(discountTotal(out)).toBe(3_000);
  });
});
