import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { formatMoney } from '../../../src/shared/money';
import type { StoredPreference } from './store';

/** Pesos (MercadoPago's unit) the es-AR way, like the rest of the product. */
const money = (n: number) => formatMoney(Math.round(n * 100));

/**
 * The frame of the sandbox's pages (MercadoPago's yellow bar and a white card): `css` adds the page's own
 * rules, `body` is what the card holds.
 */
export function sandboxPage(title: string, css: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
<html lang="es-AR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Mercado Pago (sandbox) · ${title}</title>
    <style>
      body { font-family: system-ui, sans-serif; background: #eef1f6; color: #1b1f2a; margin: 0; }
      header { background: #ffe600; padding: 1rem 1.5rem; font-weight: 700; }
      main { max-width: 520px; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem; box-shadow: 0 2px 12px #0001; }
      button { display: block; width: 100%; margin: .6rem 0; padding: .8rem; font-size: 1rem; border-radius: 8px; border: 0; cursor: pointer; }
      small { color: #666; }
      ${raw(css)}
    </style>
  </head>
  <body>
    <header>Mercado Pago · sandbox de desarrollo</header>
    <main>
      ${body}
    </main>
  </body>
</html>`;
}

/** The sandbox's Checkout Pro page: the order and three outcomes to choose from. */
export function checkoutPage(pref: StoredPreference, expired: boolean) {
  const total = pref.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
  return sandboxPage(
    'Pagar',
    `table { width: 100%; border-collapse: collapse; } td { padding: .4rem 0; } td:last-child { text-align: right; }
      .total { font-weight: 700; border-top: 1px solid #ddd; }
      .approve { background: #009ee3; color: #fff; } .reject { background: #f2f2f2; color: #b00020; } .pending { background: #f2f2f2; color: #1b1f2a; }`,
    html`<h1>Pagar compra</h1>
    <p><small>Referencia ${pref.external_reference} · ${pref.payer?.email ?? ''}</small></p>
    <table>
      ${pref.items.map((i) => html`<tr><td>${i.quantity} × ${i.title}</td><td>${money(i.unit_price * i.quantity)}</td></tr>`)}
      <tr class="total"><td>Total</td><td>${money(total)}</td></tr>
    </table>
    ${
      expired
        ? html`<p role="alert">Esta preferencia de pago venció.</p>`
        : html`<form method="post" action="/dev/mercadopago/checkout/${pref.id}/pay">
            <button class="approve" name="outcome" value="approved">Aprobar</button>
            <button class="reject" name="outcome" value="rejected">Rechazar</button>
            <button class="pending" name="outcome" value="pending">Dejar pendiente</button>
          </form>
          <p><small>"Dejar pendiente" simula un pago en efectivo (Rapipago) que todavía no se abonó.</small></p>`
    }`,
  );
}
