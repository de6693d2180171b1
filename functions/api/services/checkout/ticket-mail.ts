import { shortTicketCode } from '../../../../src/shared/checkin';
import {
  MAIL_TICKETS,
  ORDER_REASON_TEXT,
  PDF_TICKETS,
  type RefundReason,
} from '../../../../src/shared/messages/checkout';
import { PROMO_MSG } from '../../../../src/shared/messages/promo';
import { MAIL_REFUND } from '../../../../src/shared/messages/refunds';
import { formatMoney } from '../../../../src/shared/money';
import { qrOf } from '../../../../src/shared/qr';
import { type MailMessage, sendMail } from '../../../mail/port';
import { escapeHtml, paragraph, renderEmail } from '../../../mail/templates/layout';
import { eventSummary, type OrderItemRow, type OrderRow, orderItems } from './orders';
import { type TicketDetail, ticketsOfOrder, venueLine, whenLine } from './ticket-list';
import { ticketsPdf } from './ticket-pdf';

const cellStyle = 'padding:6px 0;font-size:15px;color:#ececf4;font-family:Inter,Helvetica,Arial,sans-serif';

export function summaryTable(rows: [string, string][]) {
  return `<table role="presentation" width="100%" style="border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="${cellStyle}">${escapeHtml(label)}</td><td align="right" style="${cellStyle}">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
}

export function ticketBlock(t: TicketDetail) {
  return `<div style="background:#ffffff;border-radius:12px;padding:16px;margin:0 0 16px;text-align:center;color:#111">
    <img src="${qrOf(t.code).gifDataUrl()}" alt="${escapeHtml(MAIL_TICKETS.qrAlt(t.id))}" width="220" height="220" style="display:block;margin:0 auto 8px" />
    <div style="font-family:Helvetica,Arial,sans-serif;font-size:14px"><strong>${escapeHtml(t.type_name)}</strong><br />
    ${escapeHtml(whenLine(t))} · ${escapeHtml(venueLine(t))}<br />${MAIL_TICKETS.holder}${escapeHtml(t.holder_name ?? '-')}<br />
    <span style="font-family:monospace">${escapeHtml(PDF_TICKETS.doorCode(shortTicketCode(t.id)))}</span></div></div>`;
}

export function printable(tickets: TicketDetail[]) {
  return tickets.map((t) => ({
    code: t.code,
    eventTitle: t.event_title,
    when: whenLine(t),
    venue: venueLine(t),
    typeName: t.ticket_type_name,
    seat: t.seat_label,
    holder: t.holder_name ?? '-',
    doorCode: shortTicketCode(t.id),
  }));
}

/** The purchase e-mail: order summary, one QR per ticket, and the tickets as a PDF attachment. */
export async function sendOrderTickets(env: Env, order: OrderRow): Promise<void> {
  const [tickets, items, event] = await Promise.all([
    ticketsOfOrder(env, order.id),
    orderItems(env, order.id),
    eventSummary(env, order.event_id),
  ]);
  if (!order.buyer_email || tickets.length === 0) return;
  await sendMail(env, await orderTicketsMail(env.PUBLIC_ORIGIN, order, items, event, tickets));
}

type MailOrder = Pick<OrderRow, 'id' | 'buyer_name' | 'buyer_email' | 'fee_cents' | 'total_cents'> &
  Partial<Pick<OrderRow, 'promo_code' | 'discount_cents'>>;

/**
 * The purchase e-mail itself, from data already read (also measured by scripts/bench-order-memory.mjs).
 * Per ticket it holds one small GIF QR in the HTML and one page in the PDF.
 */
export async function orderTicketsMail(
  origin: string,
  order: MailOrder,
  items: (Pick<OrderItemRow, 'quantity' | 'name' | 'unit_price_cents'> & { unit_discount_cents?: number })[],
  event: { title: string },
  tickets: TicketDetail[],
): Promise<MailMessage> {
  const rows: [string, string][] = items.map((i) => [
    `${i.quantity} × ${i.name}`,
    formatMoney((i.unit_price_cents + (i.unit_discount_cents ?? 0)) * i.quantity),
  ]);
  // A promo code: the list price above, what it took off here (the rest is already discounted).
  if (order.promo_code && order.discount_cents)
    rows.push([PROMO_MSG.discountLine(order.promo_code), `−${formatMoney(order.discount_cents)}`]);
  if (order.fee_cents > 0) rows.push([MAIL_TICKETS.feeRow, formatMoney(order.fee_cents)]);
  rows.push([MAIL_TICKETS.totalRow, order.total_cents === 0 ? MAIL_TICKETS.free : formatMoney(order.total_cents)]);
  const rendered = renderEmail({
    title: MAIL_TICKETS.title,
    preheader: MAIL_TICKETS.preheader(event.title),
    bodyHtml:
      paragraph(`Hola, <strong>${escapeHtml((order.buyer_name ?? '').split(/\s+/)[0] ?? '')}</strong>:`) +
      paragraph(
        `${MAIL_TICKETS.confirmed[0]}<strong>${escapeHtml(event.title)}</strong>${MAIL_TICKETS.confirmed[1]}${escapeHtml(order.id.slice(0, 8))}${MAIL_TICKETS.confirmed[2]}`,
      ) +
      summaryTable(rows) +
      tickets.map(ticketBlock).join('') +
      paragraph(MAIL_TICKETS.pdfHint),
    cta: { label: MAIL_TICKETS.cta, url: `${origin}/mis-tickets` },
  });
  return {
    to: order.buyer_email ?? '',
    subject: MAIL_TICKETS.subject(event.title),
    ...rendered,
    attachments: [
      {
        filename: MAIL_TICKETS.attachment,
        contentType: 'application/pdf',
        content: await ticketsPdf(printable(tickets)),
      },
    ],
  };
}

/** Told to the buyer when a payment could not become tickets and was refunded, or the producer refunded. */
export async function sendRefundNotice(env: Env, order: OrderRow, reason: RefundReason): Promise<void> {
  if (!order.buyer_email) return;
  const event = await eventSummary(env, order.event_id);
  const rendered = renderEmail({
    title: MAIL_REFUND.title,
    preheader: MAIL_REFUND.preheader(event.title),
    bodyHtml:
      paragraph(
        `${MAIL_REFUND.order[0]}<strong>${escapeHtml(event.title)}</strong>${MAIL_REFUND.order[1]}${escapeHtml(order.id.slice(0, 8))}${MAIL_REFUND.order[2]}`,
      ) +
      paragraph(escapeHtml(ORDER_REASON_TEXT[reason])) +
      paragraph(
        `${MAIL_REFUND.amount}<strong>${escapeHtml(formatMoney(order.total_cents))}</strong>. ${MAIL_REFUND.when}`,
      ),
    cta: { label: MAIL_REFUND.cta, url: `${env.PUBLIC_ORIGIN}/eventos` },
  });
  await sendMail(env, { to: order.buyer_email, subject: MAIL_REFUND.subject(event.title), ...rendered });
}
