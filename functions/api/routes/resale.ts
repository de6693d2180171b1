import { Hono } from 'hono';
import { TicketIdParamSchema } from '../../../src/shared/schemas/checkout';
import { type AccessEnv, authenticated } from '../lib/access';
import { validate } from '../lib/validate';
import { resaleOf, returnTicket, withdrawTicket } from '../services/resale/resale';

const ticketParam = validate('param', TicketIdParamSchema, 404);

/** "Devolver a la lista de espera" (face-value resale, issue 22), mounted at /tickets: the ticket's holder. */
export const resale = new Hono<AccessEnv>()
  .post('/:id/resale', authenticated('session'), ticketParam, async (c) => {
    const data = await returnTicket(c.env, c.var.session.user.id, c.req.valid('param').id);
    return c.json({ status: true, data, message: data.message }, 201);
  })
  .get('/:id/resale', authenticated('session'), ticketParam, async (c) => {
    const data = await resaleOf(c.env, c.var.session.user.id, c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data });
  })
  .delete('/:id/resale', authenticated('session'), ticketParam, async (c) => {
    const data = await withdrawTicket(c.env, c.var.session.user.id, c.req.valid('param').id);
    return c.json({ status: true, data, message: data.message });
  });
