import { describe, expect, it } from 'vitest';
import { titleCase } from './title-case';

describe('titleCase', () => {
  it('capitalises the first letter of every word, accents included', () => {
    expect(titleCase('el correo ya está registrado')).toBe('El Correo Ya Está Registrado');
    expect(titleCase('ésta única vez')).toBe('Ésta Única Vez');
  });
  it('leaves acronyms and the rest of each word alone', () => {
    expect(titleCase('el DNI ya existe')).toBe('El DNI Ya Existe');
  });
  it('keeps punctuation and spacing', () => {
    expect(titleCase('error: intente  otra vez.')).toBe('Error: Intente  Otra Vez.');
  });
});
