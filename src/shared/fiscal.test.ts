import { describe, expect, it } from 'vitest';
import { cuitError, normalizePayoutAccount, payoutAccountError, payoutKindOf } from './fiscal';
import { FISCAL_MSG } from './messages/settings';

describe('CUIT', () => {
  it('accepts a CUIT whose check digit matches, with or without dashes', () => {
    // 2*5+0*4+1*3+2*2+3*7+4*6+5*5+6*4+7*3+8*2 = 148; 148 mod 11 = 5; 11 - 5 = 6
    expect(cuitError('20123456786')).toBeNull();
    expect(cuitError('20-12345678-6')).toBeNull();
  });
  it('refuses a wrong check digit with the Spanish message', () => {
    expect(cuitError('20123456787')).toBe('El CUIT no es válido: revisá el dígito verificador.');
  });
  it('maps a computed 11 to check digit 0', () => {
    // 2*5 + 6*2 = 22 ≡ 0 (mod 11): 11 - 0 = 11, which stands for 0.
    expect(cuitError('20000000060')).toBeNull();
    expect(cuitError('20000000061')).toBe(FISCAL_MSG.cuitCheck);
  });
  it('never accepts a computed 10', () => {
    // 2*5 + 1*2 = 12 ≡ 1 (mod 11): 11 - 1 = 10, no digit can match.
    for (let d = 0; d <= 9; d++) expect(cuitError(`2000000001${d}`)).toBe(FISCAL_MSG.cuitCheck);
  });
  it('refuses all zeros and prefixes AFIP does not give', () => {
    expect(cuitError('00000000000')).toBe(FISCAL_MSG.cuitZeros);
    expect(cuitError('00-00000000-0')).toBe(FISCAL_MSG.cuitZeros);
    // 11*5 … a valid check digit on an unknown prefix is still refused.
    expect(cuitError('21123456780')).toBe(FISCAL_MSG.cuitPrefix);
    for (const prefix of ['20', '23', '24', '27', '30', '33', '34'])
      expect(cuitError(`${prefix}000000000`)).not.toBe(FISCAL_MSG.cuitPrefix);
  });
  it('asks for 11 digits', () => {
    expect(cuitError('2012345678')).toBe(FISCAL_MSG.cuitFormat);
    expect(cuitError('20a23456786')).toBe(FISCAL_MSG.cuitFormat);
  });
});

describe('CBU, CVU and alias', () => {
  it('accepts a CBU with both check digits right', () => {
    expect(payoutKindOf('2850590940090418135201')).toBe('cbu');
    expect(payoutAccountError('2850590940090418135201')).toBeNull();
  });
  it('refuses a CBU with a wrong first-block digit or a wrong second-block digit', () => {
    expect(payoutAccountError('2850590840090418135201')).toBe(FISCAL_MSG.cbuCheck);
    expect(payoutAccountError('2850590940090418135202')).toBe(FISCAL_MSG.cbuCheck);
    expect(FISCAL_MSG.cbuCheck).toBe('El CBU no es válido: revisá los dígitos verificadores.');
  });
  it('tells a CVU (starting with 000) from a CBU and checks it the same way', () => {
    expect(payoutKindOf('0000003100000000000017')).toBe('cvu');
    expect(payoutAccountError('0000003100000000000017')).toBeNull();
    expect(payoutAccountError('0000003100000000000018')).toBe(FISCAL_MSG.cvuCheck);
    expect(payoutAccountError('0000003200000000000017')).toBe(FISCAL_MSG.cvuCheck);
  });
  it('accepts an alias of 6 to 20 letters, digits, dots and dashes', () => {
    expect(payoutAccountError('mi.productora-mp')).toBeNull();
    expect(normalizePayoutAccount(' Mi.Productora ')).toBe('mi.productora');
    expect(payoutAccountError('corto')).toBe(FISCAL_MSG.accountFormat);
    expect(payoutAccountError('un.alias.demasiado.largo')).toBe(FISCAL_MSG.accountFormat);
    expect(payoutAccountError('con espacio')).toBe(FISCAL_MSG.accountFormat);
    expect(payoutAccountError('12345678')).toBe(FISCAL_MSG.aliasLetters);
  });
  it('refuses an alias of only punctuation, and account numbers of zeros', () => {
    expect(payoutAccountError('......')).toBe(FISCAL_MSG.aliasLetters);
    expect(payoutAccountError('------')).toBe(FISCAL_MSG.aliasLetters);
    expect(payoutAccountError('0000000000000000000000')).toBe(FISCAL_MSG.accountZeros);
    // A CVU whose provider code is 0000, even with right check digits.
    expect(payoutAccountError('0000000000000000000017')).toBe(FISCAL_MSG.accountZeros);
  });
  it('refuses 22 characters that are not all digits, and other lengths of digits', () => {
    expect(payoutAccountError('285059094009041813520')).toBe(FISCAL_MSG.accountFormat);
  });
});
