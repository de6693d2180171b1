import { Hono } from 'hono';
import { TEAM_INVITATION_MSG, TEAM_MSG } from '../../../src/shared/messages/team';
import {
  MemberParamSchema,
  MemberRemoveQuerySchema,
  MemberUpdateSchema,
  TeamInvitationParamSchema,
  TeamInviteSchema,
  TeamQuerySchema,
  TeamTokenParamSchema,
} from '../../../src/shared/schemas/team';
import { canWide } from '../../domain/events/access';
import {
  type AccessEnv,
  authenticated,
  producerJson,
  producerQuery,
  publicRoute,
  requirePermission,
} from '../lib/access';
import { throttled } from '../lib/throttle';
import { validate } from '../lib/validate';
import { listMyProducers } from '../services/events/producers';
import {
  acceptInvitation,
  invite,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from '../services/team/invitations';
import { removeMember, teamOf, updateMember } from '../services/team/members';

const EMPTY = { members: [], invitations: [] };

/**
 * Managing the team is a producer-level action: a producer-wide membership with `collaborators.manage`
 * (a member limited to some events never manages the team, nor reads it with its e-mails).
 */
const manageFrom = (target: typeof producerQuery) =>
  requirePermission('collaborators.manage', 'producer', target(), TEAM_MSG.noManage);

/** Team invitations, new or re-sent: per invited address of the producer, and per staff member. */
const inviteThrottle = throttled<AccessEnv>(async (c) => {
  const body = (await c.req.json().catch(() => ({}))) as { email?: unknown; producer_id?: unknown };
  const address = typeof body.email === 'string' ? `${String(body.producer_id)}:${body.email}` : undefined;
  return [
    ['teamInviteAddress', address ?? `${String(body.producer_id)}:${c.req.param('id') ?? ''}`],
    ['teamInviteStaff', String(c.var.actor.userId)],
  ];
});

/** The producer's team (`/admin/collaborators`) and the invitations to join it (mounted at /admin/team). */
export const team = new Hono<AccessEnv>()
  .get('/', manageFrom(producerQuery), validate('query', TeamQuerySchema), async (c) => {
    const actor = c.var.actor;
    const producers = (await listMyProducers(c.env.DB, actor.userId, actor.isSuperAdmin)).filter((p) =>
      canWide(actor, p.id, 'collaborators.manage'),
    );
    const producerId = c.req.valid('query').producer_id ?? producers[0]?.id;
    if (producerId === undefined) return c.json({ status: true, data: { producers, producer_id: null, ...EMPTY } });
    c.header('cache-control', 'no-store');
    return c.json({
      status: true,
      data: { producers, producer_id: producerId, ...(await teamOf(c.env.DB, producerId)) },
    });
  })
  .post('/invitations', manageFrom(producerJson), validate('json', TeamInviteSchema), inviteThrottle, async (c) => {
    const actor = c.var.actor;
    const input = c.req.valid('json');
    const data = await invite(c.env, actor, input);
    return c.json({ status: true, message: TEAM_INVITATION_MSG.sent(input.email), data }, 201);
  })
  .post(
    '/invitations/:id/resend',
    manageFrom(producerJson),
    validate('param', TeamInvitationParamSchema, 404),
    validate('json', MemberRemoveQuerySchema),
    inviteThrottle,
    async (c) => {
      const { producer_id } = c.req.valid('json');
      const email = await resendInvitation(c.env, producer_id, c.req.valid('param').id);
      return c.json({ status: true, message: TEAM_INVITATION_MSG.sent(email) });
    },
  )
  .delete(
    '/invitations/:id',
    manageFrom(producerQuery),
    validate('param', TeamInvitationParamSchema, 404),
    validate('query', MemberRemoveQuerySchema),
    async (c) => {
      const actor = c.var.actor;
      const { producer_id } = c.req.valid('query');
      await revokeInvitation(c.env.DB, actor, producer_id, c.req.valid('param').id);
      return c.json({ status: true, message: TEAM_INVITATION_MSG.revoked });
    },
  )
  .put(
    '/members/:userId',
    manageFrom(producerJson),
    validate('param', MemberParamSchema, 404),
    validate('json', MemberUpdateSchema),
    async (c) => {
      const actor = c.var.actor;
      const input = c.req.valid('json');
      await updateMember(c.env, actor, c.req.valid('param').userId, input);
      return c.json({ status: true, message: TEAM_MSG.rolesChanged });
    },
  )
  .delete(
    '/members/:userId',
    manageFrom(producerQuery),
    validate('param', MemberParamSchema, 404),
    validate('query', MemberRemoveQuerySchema),
    async (c) => {
      const actor = c.var.actor;
      const { producer_id } = c.req.valid('query');
      await removeMember(c.env, actor, producer_id, c.req.valid('param').userId);
      return c.json({
        status: true,
        message: TEAM_MSG.removed,
      });
    },
  );

/** Invitation links (mounted at /team/invitations). */
export const teamInvitations = new Hono<AccessEnv>()
  /** What an invitation link offers (public: the page shows it before the person signs in). */
  .get('/:token', publicRoute(), validate('param', TeamTokenParamSchema, 404), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await previewInvitation(c.env.DB, c.req.valid('param').token) });
  })
  .post('/:token/accept', authenticated('session'), validate('param', TeamTokenParamSchema, 404), async (c) => {
    const data = await acceptInvitation(c.env, c.var.session, c.req.valid('param').token);
    // The new member's own token lacks the new role: refresh it now.
    return c.json({
      status: true,
      message: TEAM_MSG.joined(data.producer_name),
      data,
      role_update: true,
    });
  });
