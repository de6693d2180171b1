import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './locale';

describe('zod messages', () => {
  it('are Spanish for checks that name no message of their own', () => {
    const result = z.object({ n: z.number(), kind: z.enum(['a', 'b']) }).safeParse({ n: 'x', kind: 'c' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages[0]).toMatch(/^Entrada inválida: se esperaba número/);
    expect(messages[1]).toMatch(/^Opción inválida/);
  });
});
