import { Hono } from 'hono';
import { isDevMode } from '../lib/dev-mode';
import { refuseDeepJson } from '../lib/json-depth';
import { checkinTools } from './checkin-tools';
import { checkoutTools } from './checkout-tools';
import { mailbox } from './mailbox';
import { mercadoPagoSandbox } from './mercadopago/index';
import { objectTools } from './object-tools';
import { promoTools } from './promo-tools';
import { queueTools } from './queue-tools';
import { refundsBench } from './refunds-bench';
import { salesBench } from './sales-bench';
import { seatTools } from './seat-tools';
import { seedDemoData } from './seed';
import { webhooksBench } from './webhooks-bench';

/** Development tools. Every route answers 404 unless DEV_MODE is set. */
export const devRoutes = new Hono<{ Bindings: Env }>()
  .use(async (c, next) => {
    if (!isDevMode(c.env)) return c.json({ status: false, message: 'Recurso no encontrado' }, 404);
    await next();
  })
  // The MercadoPago sandbox and the tools read JSON too: the same depth limit as the API.
  .use(refuseDeepJson)
  .route('/', mailbox)
  .route('/mercadopago', mercadoPagoSandbox)
  .route('/', checkoutTools)
  .route('/', checkinTools)
  .route('/', salesBench)
  .route('/', refundsBench)
  .route('/', queueTools)
  .route('/', seatTools)
  .route('/', promoTools)
  .route('/', objectTools)
  .route('/', webhooksBench)
  .post('/seed', async (c) => c.json(await seedDemoData(c.env)));
