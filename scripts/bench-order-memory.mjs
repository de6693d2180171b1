#!/usr/bin/env node
// Order memory benchmark: builds the purchase e-mail of the largest order the rules allow (MAX_TICKETS_PER_ORDER
// tickets, src/shared/schemas/checkout.ts) with the product's own code, under Node 24:
// signed ticket codes, the HTML with one QR per ticket, the PDF (services/checkout/ticket-pdf.ts) and the e-mail API body
// with the PDF in base64 (functions/mail/port.ts).
// Why Node and not workerd: both run V8 and the same code; Node exposes the heap figures.
// How: heapUsed counts garbage not yet collected, and a heap with room grows a long way before V8 collects, so
// the old space is capped (--max-old-space-size=48 in the npm script) to make V8 collect as a constrained
// isolate does: finishing at all shows the order fits. heapUsed is sampled between steps and every millisecond
// the event loop is free. Prints key=value lines:
//   tickets, peak_heap_mb (highest heapUsed seen, code and fonts included; goal: under 64), live_peak_mb (the
//   live heap after a forced collection at each step), baseline_heap_mb (loaded, before the order), pdf_kb,
//   body_kb (the e-mail API request), ms.
//   TICKETS=<n> measures another size (to see that the cost per ticket stays flat).
import { registerHooks } from 'node:module';

// The product's TypeScript runs as is (Node 24 strips types); its imports name files without extension.
registerHooks({
  resolve(specifier, context, next) {
    if (specifier.startsWith('.') && context.parentURL?.endsWith('.ts') && !/\.[cm]?[jt]s$/.test(specifier)) {
      return next(`${specifier}.ts`, context);
    }
    return next(specifier, context);
  },
});

if (typeof globalThis.gc !== 'function') {
  console.error('Run with node --expose-gc (npm run bench:order-memory does).');
  process.exit(1);
}

const { MAX_TICKETS_PER_ORDER } = await import('../src/shared/schemas/checkout.ts');
const { orderTicketsMail } = await import('../functions/api/services/checkout/ticket-mail.ts');
const { mailApiBody } = await import('../functions/mail/port.ts');
const { signTicketCode, ticketIdFor } = await import('../functions/domain/checkout/ticket-signing.ts');

const tickets = Number(process.env.TICKETS ?? MAX_TICKETS_PER_ORDER);
const env = { TICKET_SIGNING_KEY: 'bench-order-memory-key' };
const MB = 1024 * 1024;

let peak = 0;
let livePeak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage().heapUsed);
};
/** The live heap now (everything still referenced): a full collection first. */
const sampleLive = () => {
  sample();
  if (!measuring) return;
  globalThis.gc();
  livePeak = Math.max(livePeak, process.memoryUsage().heapUsed);
};
let measuring = false;

async function buildOrderMail() {
  const orderId = crypto.randomUUID();
  const details = [];
  for (let n = 0; n < tickets; n++) {
    const id = await ticketIdFor(`${orderId}:1:${n}`);
    details.push({
      id,
      order_id: orderId,
      code: await signTicketCode(env, id, 123456),
      status: 'valid',
      holder_name: `Titular Número ${n} con un nombre bastante largo`,
      holder_dni: '30123456',
      type_name: n % 2 ? 'Campo delantero' : 'Platea alta preferencial',
      event_id: 123456,
      event_title: 'Festival Internacional de Música Electrónica de Córdoba',
      event_slug: 'festival',
      starts_at: '2026-12-12T23:00:00.000Z',
      ends_at: null,
      venue: 'Estadio Mario Alberto Kempes',
      address: 'Av. Cárcano s/n',
      city: 'Córdoba',
    });
    sample();
  }
  sampleLive();
  const order = {
    id: orderId,
    buyer_name: 'Ana Compradora',
    buyer_email: 'ana@prueba.local',
    fee_cents: 0,
    total_cents: 0,
  };
  const items = [{ quantity: tickets, name: 'General', unit_price_cents: 0 }];
  const mail = await orderTicketsMail(
    'https://boleteria.example',
    order,
    items,
    { title: details[0].event_title },
    details,
  );
  sampleLive();
  const body = mailApiBody('Boletería <entradas@boleteria.example>', mail);
  sampleLive();
  return { pdfBytes: mail.attachments[0].content.length, bodyBytes: body.length };
}

// Warm-up (fonts, keys, code paths), then measure from a collected heap.
await buildOrderMail();
globalThis.gc();
await new Promise((r) => setTimeout(r, 10));
globalThis.gc();
const baseline = process.memoryUsage().heapUsed;
peak = baseline;
livePeak = baseline;
measuring = true;
const timer = setInterval(sample, 1);
const started = performance.now();
const result = await buildOrderMail();
const ms = performance.now() - started;
sample();
clearInterval(timer);

console.log(`tickets=${tickets}`);
console.log(`peak_heap_mb=${(peak / MB).toFixed(1)}`);
console.log(`live_peak_mb=${(livePeak / MB).toFixed(1)}`);
console.log(`baseline_heap_mb=${(baseline / MB).toFixed(1)}`);
console.log(`pdf_kb=${(result.pdfBytes / 1024).toFixed(0)}`);
console.log(`body_kb=${(result.bodyBytes / 1024).toFixed(0)}`);
console.log(`ms=${ms.toFixed(0)}`);
if (peak >= 64 * MB) {
  console.error('peak heap over the 64 MB goal');
  process.exitCode = 1;
}
