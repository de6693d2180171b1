import { describe, expect, it } from 'vitest';
import { centsToPesosInput, formatMoney, formatPrice, pesosToCents } from './money';

describe('formatPrice', () => {
  it.each([
    [0, 'Gratis'],
    [1_234_500, '$ 12.345'],
    [123_456_750, '$ 1.234.567,50'],
    [1_234_567, '$ 12.345,67'],
    [99, '$ 0,99'],
    [100, '$ 1'],
  ])('%i cents -> %s', (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
  });

  it('formats negative amounts with a minus', () => {
    expect(formatMoney(-150_000)).toBe('-$ 1.500');
  });
});

describe('pesosToCents', () => {
  it.each([
    ['12.345', 1_234_500],
    ['12345', 1_234_500],
    ['12.345,50', 1_234_550],
    ['12345.5', 1_234_550],
    ['$ 1.000', 100_000],
    ['abc', null],
    ['', null],
  ])('%j -> %s', (input, cents) => {
    expect(pesosToCents(input)).toBe(cents);
  });

  it('round-trips through the form value', () => {
    expect(pesosToCents(centsToPesosInput(1_234_550))).toBe(1_234_550);
  });
});
