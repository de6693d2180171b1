import { Hono } from 'hono';
import { INVITATION_MSG } from '../../../src/shared/messages/invitations';
import {
  ImportInvitationsSchema,
  InvitationIdParamSchema,
  InvitationListQuerySchema,
  InvitationQuotaSchema,
  InvitationTokenParamSchema,
  IssueInvitationSchema,
} from '../../../src/shared/schemas/invitations';
import { ReasonSchema } from '../../../src/shared/schemas/sales';
import {
  type AccessEnv,
  eventJson,
  eventQuery,
  invitationParam,
  publicRoute,
  requirePermission,
  type TargetResolver,
} from '../lib/access';
import { validate } from '../lib/validate';
import { issueInvitations } from '../services/invitations/issue';
import { listInvitations } from '../services/invitations/list';
import { markOpened, resendInvitation, revokeInvitation, setTagQuota } from '../services/invitations/manage';
import { rowsFromCsv } from '../services/invitations/rows';

const idParam = validate('param', InvitationIdParamSchema, 404);
const invitation = invitationParam(INVITATION_MSG.notFound);

/**
 * `invitations.manage` on the event the request names (an admin limited to some events, only those); the
 * event or the invitation it loaded is the handler's (`c.var.event`, `c.var.invitation`).
 */
const manage = <Found extends object>(target: TargetResolver<Found>) =>
  requirePermission('invitations.manage', 'event', target, INVITATION_MSG.noPermission);

/**
 * Invitations (complimentary tickets) of an event, mounted at /admin/invitations: issue one or a CSV,
 * list by tag, revoke, resend, quotas.
 */
export const guestInvitations = new Hono<AccessEnv>()
  .get('/', manage(eventQuery()), validate('query', InvitationListQuerySchema), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await listInvitations(c.env.DB, c.var.event) });
  })
  .post('/', manage(eventJson()), validate('json', IssueInvitationSchema), async (c) => {
    const actor = c.var.actor;
    const { event_id: _, ...row } = c.req.valid('json');
    const data = await issueInvitations(c.env, actor, c.var.event, [{ ...row, line: 0 }], (p) =>
      c.executionCtx.waitUntil(p),
    );
    return c.json({ status: true, data }, 201);
  })
  .post('/import', manage(eventJson()), validate('json', ImportInvitationsSchema), async (c) => {
    const actor = c.var.actor;
    // The whole file is checked before anything is issued: every bad row is answered at once, by row.
    const { csv, held_group } = c.req.valid('json');
    const rows = rowsFromCsv(csv, held_group);
    const data = await issueInvitations(c.env, actor, c.var.event, rows, (p) => c.executionCtx.waitUntil(p));
    return c.json({ status: true, data }, 201);
  })
  .put('/quotas', manage(eventJson()), validate('json', InvitationQuotaSchema), async (c) => {
    const actor = c.var.actor;
    const { tag, quota } = c.req.valid('json');
    return c.json({ status: true, data: await setTagQuota(c.env.DB, actor, c.var.event, tag, quota) });
  })
  .post('/:id/revoke', manage(invitation), idParam, validate('json', ReasonSchema), async (c) => {
    const actor = c.var.actor;
    const data = await revokeInvitation(c.env, actor, c.var.invitation, c.req.valid('json').reason);
    return c.json({ status: true, data });
  })
  .post('/:id/resend', manage(invitation), idParam, async (c) => {
    const actor = c.var.actor;
    const data = await resendInvitation(c.env, actor, c.var.invitation, (p) => c.executionCtx.waitUntil(p));
    return c.json({ status: true, data });
  });

/** The e-mail's button (mounted at /invitations): records the opening and shows the guest their tickets. */
export const invitationLinks = new Hono<AccessEnv>().get(
  '/open/:token',
  publicRoute(),
  validate('param', InvitationTokenParamSchema, 404),
  async (c) => {
    await markOpened(c.env.DB, c.req.valid('param').token);
    c.header('cache-control', 'no-store');
    return c.redirect('/mis-tickets', 302);
  },
);
