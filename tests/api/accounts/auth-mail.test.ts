import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../../functions/mail/port';
import { emailChangedNotice, verificationEmail } from '../../../functions/mail/templates/accounts';
import { escapeHtml, paragraph, renderEmail } from '../../../functions/mail/templates/layout';

describe('e-mail layout', () => {
  it('renders a Spanish HTML message with the brand header, the button and the link written out', () => {
    const { html, text } = renderEmail({
      title: 'Tu entrada',
      preheader: 'Resumen de la compra',
      bodyHtml: paragraph('Gracias por tu compra.'),
      cta: { label: 'Ver mis tickets', url: 'https://boleteria.ar/mis-tickets?orden=1&x=2' },
      note: 'Guardá este correo.',
    });
    expect(html).toMatch(/^<!doctype html>\n<html lang="es-AR">/);
    expect(html).toContain('Bolet<span');
    expect(html).toContain('Resumen de la compra');
    expect(html).toContain('href="https://boleteria.ar/mis-tickets?orden=1&amp;x=2"');
    expect(extractLinks(html)).toEqual(['https://boleteria.ar/mis-tickets?orden=1&x=2']);
    expect(html).not.toMatch(/<style|<link/);
    expect(text).toBe(
      [
        'Tu entrada',
        '',
        'Gracias por tu compra.',
        '',
        'Ver mis tickets: https://boleteria.ar/mis-tickets?orden=1&x=2',
        '',
        'Guardá este correo.',
        '',
        '--',
        'Este es un mensaje automático de Boletería; no respondas a este correo.',
      ].join('\n'),
    );
  });

  it('escapes what a user typed', () => {
    const mail = emailChangedNotice('<img src=x onerror=alert(1)> Pérez', 'a@b.ar');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img');
    expect(escapeHtml(`"'&<>`)).toBe('&quot;&#39;&amp;&lt;&gt;');
  });

  it("does not repeat a chosen name to an address not proven to be the account's", () => {
    const mail = verificationEmail('https://boleteria.ar/verify-email?token=abc');
    expect(mail.html).toContain('Hola:');
  });
});
