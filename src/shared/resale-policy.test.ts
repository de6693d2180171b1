import { describe, expect, it } from 'vitest';
import { RESALE_MSG } from './messages/resale';
import { keepPercentText, parseKeepPercent, resaleKeepCents, resaleRefundCents } from './resale-policy';

describe('resale policy', () => {
  it('reads a percentage with up to two decimals as basis points', () => {
    expect(parseKeepPercent('0')).toEqual({ ok: true, bp: 0 });
    expect(parseKeepPercent('10')).toEqual({ ok: true, bp: 1000 });
    expect(parseKeepPercent('12,5')).toEqual({ ok: true, bp: 1250 });
    expect(parseKeepPercent(' 7.25 ')).toEqual({ ok: true, bp: 725 });
    expect(parseKeepPercent('33,330')).toEqual({ ok: true, bp: 3333 });
    expect(parseKeepPercent('100')).toEqual({ ok: true, bp: 10_000 });
  });

  it('refuses what is not a percentage from 0 to 100 with two decimals, in Spanish', () => {
    expect(parseKeepPercent('')).toEqual({ ok: false, message: RESALE_MSG.keepNumber });
    expect(parseKeepPercent('-5')).toEqual({ ok: false, message: RESALE_MSG.keepNumber });
    expect(parseKeepPercent('diez')).toEqual({ ok: false, message: RESALE_MSG.keepNumber });
    expect(parseKeepPercent('100,01')).toEqual({ ok: false, message: RESALE_MSG.keepRange });
    expect(parseKeepPercent('12,345')).toEqual({ ok: false, message: RESALE_MSG.keepDecimals });
  });

  it('refunds the price and the service charge minus the kept share of the price, never below zero', () => {
    expect(resaleKeepCents(1000_00, 1000)).toBe(100_00);
    expect(resaleRefundCents(1000_00, 150_00, 1000)).toBe(1050_00);
    expect(resaleRefundCents(1000_00, 150_00, 0)).toBe(1150_00);
    expect(resaleRefundCents(1000_00, 0, 10_000)).toBe(0);
    expect(keepPercentText(1250)).toBe('12,5');
  });
});
