import { Hono } from 'hono';
import {
  ImportInvitationsSchema,
  InvitationIdParamSchema,
  InvitationListQuerySchema,
  InvitationQuotaSchema,
  InvitationTokenParamSchema,
  IssueInvitationSchema,
} from '../../../src/shared/schemas/invitations';
import { ReasonSchema } from '../../../src/shared/schemas/sales';
import type { ApiBindings } from '../app';
import { type AuthVariables, requireAuth } from '../lib/auth';
import { validate } from '../lib/validate';
import { loadActor } from '../services/events/access';
import { issueInvitations } from '../services/invitations/issue';
import { listInvitations } from '../services/invitations/list';
import { markOpened, resendInvitation, revokeInvitation, setTagQuota } from '../services/invitations/manage';
import { rowsFromCsv } from '../services/invitations/rows';

const idParam = validate('param', InvitationIdParamSchema, 404);

/** Invitations (complimentary tickets) of an event: issue one or a CSV, list by tag, revoke, resend, quotas. */
export const guestInvitations = new Hono<ApiBindings & { Variables: AuthVariables }>()
  .get('/admin/invitations', requireAuth, validate('query', InvitationListQuerySchema), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await listInvitations(c.env.DB, actor, c.req.valid('query').event_id) });
  })
  .post('/admin/invitations', requireAuth, validate('json', IssueInvitationSchema), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const { event_id, ...row } = c.req.valid('json');
    const data = await issueInvitations(c.env, actor, event_id, [{ ...row, line: 0 }], (p) =>
      c.executionCtx.waitUntil(p),
    );
    return c.json({ status: true, data }, 201);
  })
  .post('/admin/invitations/import', requireAuth, validate('json', ImportInvitationsSchema), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const { event_id, csv } = c.req.valid('json');
    // The whole file is checked before anything is issued: every bad row is answered at once, by row.
    const rows = rowsFromCsv(csv);
    const data = await issueInvitations(c.env, actor, event_id, rows, (p) => c.executionCtx.waitUntil(p));
    return c.json({ status: true, data }, 201);
  })
  .put('/admin/invitations/quotas', requireAuth, validate('json', InvitationQuotaSchema), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const { event_id, tag, quota } = c.req.valid('json');
    return c.json({ status: true, data: await setTagQuota(c.env.DB, actor, event_id, tag, quota) });
  })
  .post('/admin/invitations/:id/revoke', requireAuth, idParam, validate('json', ReasonSchema), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const data = await revokeInvitation(c.env, actor, c.req.valid('param').id, c.req.valid('json').reason);
    return c.json({ status: true, data });
  })
  .post('/admin/invitations/:id/resend', requireAuth, idParam, async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const data = await resendInvitation(c.env, actor, c.req.valid('param').id, (p) => c.executionCtx.waitUntil(p));
    return c.json({ status: true, data });
  })
  // The e-mail's button: records the opening and shows the guest their tickets (no session needed).
  .get('/invitations/open/:token', validate('param', InvitationTokenParamSchema, 404), async (c) => {
    await markOpened(c.env.DB, c.req.valid('param').token);
    c.header('cache-control', 'no-store');
    return c.redirect('/mis-tickets', 302);
  });
