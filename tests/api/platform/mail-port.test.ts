import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { sendMail } from '../../../functions/mail/port';

/**
 * The mail port and erased people (issue 35): deletion and retention put `…@borrado.invalid` where a person's
 * e-mail was. A mail queued to them before that (a waiting-list offer, a queue notice) is sent nowhere and
 * logged nowhere, while any other address is delivered and logged as always.
 */

const count = async (table: 'dev_mail' | 'mail_log', to: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table} where to_address = ?`).bind(to).first<{ n: number }>())!.n;

describe('the mail port', () => {
  it('sends nothing to an erased person’s .invalid address, and delivers the rest', async () => {
    const mail = { subject: 'Se liberaron entradas', html: '<p>Hola</p>', text: 'Hola' };
    for (const to of ['persona.borrada.1a2b3c4d@borrado.invalid', 'anonimo-7@BORRADO.INVALID '])
      await sendMail(env, { ...mail, to });
    await sendMail(env, { ...mail, to: 'alguien@prueba.local' });

    for (const to of ['persona.borrada.1a2b3c4d@borrado.invalid', 'anonimo-7@borrado.invalid ']) {
      expect(await count('dev_mail', to.trim())).toBe(0);
      expect(await count('mail_log', to.trim())).toBe(0);
    }
    const invalid = await env.DB.prepare(
      "select count(*) as n from dev_mail where to_address like '%.invalid%'",
    ).first<{
      n: number;
    }>();
    expect(invalid!.n).toBe(0);
    expect(await count('dev_mail', 'alguien@prueba.local')).toBe(1);
    expect(await count('mail_log', 'alguien@prueba.local')).toBe(1);
  });
});
