import { describe, expect, it } from 'vitest';
import { priceLine, totals, unitFee } from './pricing';

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
