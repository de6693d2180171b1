import { describe, expect, it } from 'vitest';
import { MSG } from '../messages/common';
import { RevocationRequestSchema, revocationCode } from './refunds';

const valid = { name: 'Ana Pérez', email: 'ana@demo.ar', dni: '30123456', order: '1042', reason: '' };

describe('revocation request', () => {
  it('accepts a complete request', () => {
    expect(RevocationRequestSchema.safeParse(valid).success).toBe(true);
  });

  it('explains a wrong DNI and a missing order in Spanish', () => {
    const result = RevocationRequestSchema.safeParse({ ...valid, dni: '30.123.456', order: ' ' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message);
    expect(messages).toContain(MSG.dniInvalid);
    expect(messages).toContain('Número de orden es Requerido');
  });

  it('makes a dated code from unambiguous characters', () => {
    expect(revocationCode(new Date('2026-11-21T12:00:00Z'), new Uint8Array([0, 1, 2, 31, 32]))).toBe(
      'ARR-20261121-ABC9A',
    );
  });
});
