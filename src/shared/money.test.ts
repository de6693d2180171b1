import { describe, expect, it } from 'vitest';
import { centsToPesosInput, formatCount, formatMoney, formatPrice, pesosToCents } from './money';

/** The format with the non-breaking space written as a plain one, for readability. */
const shown = (text: string) => text.replaceAll('\u00a0', ' ');

describe('formatPrice', () => {
  it.each([
    [0, 'Gratis'],
    [1_234_500, '$ 12.345'],
    [123_456_750, '$ 1.234.567,50'],
    [1_234_567, '$ 12.345,67'],
    [99, '$ 0,99'],
    [100, '$ 1'],
  ])('%i cents -> %s', (cents, text) => {
    expect(shown(formatPrice(cents))).toBe(text);
  });

  it('formats negative amounts with a minus', () => {
    expect(shown(formatMoney(-150_000))).toBe('-$ 1.500');
  });

  it('keeps "$" and the amount together with a non-breaking space', () => {
    expect(formatMoney(1_234_567)).toBe('$\u00a012.345,67');
    expect(formatMoney(1_234_567)).not.toContain(' ');
  });
});

describe('pesosToCents', () => {
  it.each([
    ['12.345', 1_234_500],
    ['12345', 1_234_500],
    ['12.345,50', 1_234_550],
    ['12345.5', 1_234_550],
    ['$ 1.000', 100_000],
    ['$\u00a01.000', 100_000],
    ['abc', null],
    ['', null],
  ])('%j -> %s', (input, cents) => {
    expect(pesosToCents(input)).toBe(cents);
  });

  it('round-trips through the form value', () => {
    expect(pesosToCents(centsToPesosInput(1_234_550))).toBe(1_234_550);
  });
});

describe('formatCount', () => {
  it('groups thousands with dots, the es-AR way, whatever the runtime’s locale data', () => {
    expect(formatCount(7)).toBe('7');
    expect(formatCount(2300)).toBe('2.300');
    expect(formatCount(1_234_567)).toBe('1.234.567');
    expect(formatCount(-1500)).toBe('-1.500');
  });
});
