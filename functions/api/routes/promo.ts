import { Hono } from 'hono';
import { PROMO_MSG } from '../../../src/shared/messages/promo';
import {
  PromoBulkSchema,
  PromoCodeParamSchema,
  PromoCreateSchema,
  PromoListQuerySchema,
  PromoProducerParamSchema,
} from '../../../src/shared/schemas/promo';
import { type AccessEnv, producerParam, requirePermission } from '../lib/access';
import { validate } from '../lib/validate';
import { archiveCode, bulkCreate, createCode, listCodes, promoReport, promoReportCsv } from '../services/promo/codes';
import { audit, type Who } from '../services/sales/audit';

/** The activity log of a code change (issue 35): who made, generated or archived which codes. */
const logCodes = (
  c: { env: Env; var: { actor: Who } },
  producerId: number,
  eventId: number | null | undefined,
  change: { before?: unknown; after: unknown },
) => audit(c.env.DB, c.var.actor, { producerId, eventId: eventId ?? null, action: 'code_change', ...change });

/** A producer's promo and access codes (issue 22), mounted at /admin/promo-codes: events.manage producer-wide. */
const manage = () => requirePermission('events.manage', 'producer', producerParam('producer'), PROMO_MSG.noAccess);
const producer = validate('param', PromoProducerParamSchema, 404);

export const promoCodes = new Hono<AccessEnv>()
  .get('/:producer', manage(), producer, validate('query', PromoListQuerySchema), async (c) => {
    const data = await listCodes(c.env, c.req.valid('param').producer, c.req.valid('query').event_id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data });
  })
  .post('/:producer', manage(), producer, validate('json', PromoCreateSchema), async (c) => {
    const input = c.req.valid('json');
    const data = await createCode(c.env, c.req.valid('param').producer, input, c.var.actor.userId);
    await logCodes(c, c.req.valid('param').producer, input.event_id, { after: data });
    return c.json({ status: true, data }, 201);
  })
  .post('/:producer/bulk', manage(), producer, validate('json', PromoBulkSchema), async (c) => {
    const input = c.req.valid('json');
    const data = await bulkCreate(c.env, c.req.valid('param').producer, input, c.var.actor.userId);
    await logCodes(c, c.req.valid('param').producer, input.event_id, { after: { ...input, created: data } });
    return c.json({ status: true, data }, 201);
  })
  /** Per code and per promoter (RRPP): uses, tickets, revenue; `?format=csv` downloads it. */
  .get('/:producer/report', manage(), producer, validate('query', PromoListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const report = await promoReport(c.env, c.req.valid('param').producer, query.event_id);
    if (query.format === 'csv') {
      return new Response(promoReportCsv(report), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="codigos.csv"',
          'cache-control': 'no-store',
        },
      });
    }
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: report });
  })
  .post('/:producer/:id/archive', manage(), validate('param', PromoCodeParamSchema, 404), async (c) => {
    const { producer: producerId, id } = c.req.valid('param');
    const data = await archiveCode(c.env, producerId, id);
    await logCodes(c, producerId, null, { before: { id, archived: false }, after: { id, archived: true } });
    return c.json({ status: true, data, message: PROMO_MSG.archived });
  });
