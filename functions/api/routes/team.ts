import { Hono } from 'hono';
import {
  MemberParamSchema,
  MemberRemoveQuerySchema,
  MemberUpdateSchema,
  TeamInvitationParamSchema,
  TeamInviteSchema,
  TeamQuerySchema,
  TeamTokenParamSchema,
} from '../../../src/shared/schemas/team';
import type { ApiBindings } from '../app';
import { type AuthVariables, requireAuth } from '../lib/auth';
import { validate } from '../lib/validate';
import { pushDoorStaffChange } from '../services/checkin/push';
import { type Actor, assertCan, can, loadActor } from '../services/events/access';
import { listMyProducers } from '../services/events/producers';
import {
  acceptInvitation,
  INVITATION_MSG,
  invite,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from '../services/team/invitations';
import { removeMember, TEAM_MSG, teamOf, updateMember } from '../services/team/members';

type Ctx = { Bindings: Env; Variables: AuthVariables };

const EMPTY = { members: [], invitations: [] };

const manage = (actor: Actor, producerId: number) =>
  assertCan(actor, producerId, 'collaborators.manage', TEAM_MSG.noManage);

/** The producer's team (`/admin/collaborators`) and the invitations to join it. */
export const team = new Hono<ApiBindings & Ctx>()
  .get('/admin/team', requireAuth, validate('query', TeamQuerySchema), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const producers = (await listMyProducers(c.env.DB, actor.userId, actor.isSuperAdmin)).filter((p) =>
      can(actor, p.id, 'collaborators.manage'),
    );
    const producerId = c.req.valid('query').producer_id ?? producers[0]?.id;
    if (producerId === undefined) return c.json({ status: true, data: { producers, producer_id: null, ...EMPTY } });
    manage(actor, producerId);
    c.header('cache-control', 'no-store');
    return c.json({
      status: true,
      data: { producers, producer_id: producerId, ...(await teamOf(c.env.DB, producerId)) },
    });
  })
  .post('/admin/team/invitations', requireAuth, validate('json', TeamInviteSchema), async (c) => {
    const actor = await loadActor(c.env.DB, c.var.session);
    const input = c.req.valid('json');
    manage(actor, input.producer_id);
    const data = await invite(c.env, actor, input);
    return c.json({ status: true, message: INVITATION_MSG.sent(input.email), data }, 201);
  })
  .post(
    '/admin/team/invitations/:id/resend',
    requireAuth,
    validate('param', TeamInvitationParamSchema, 404),
    validate('json', MemberRemoveQuerySchema),
    async (c) => {
      const actor = await loadActor(c.env.DB, c.var.session);
      const { producer_id } = c.req.valid('json');
      manage(actor, producer_id);
      const email = await resendInvitation(c.env, producer_id, c.req.valid('param').id);
      return c.json({ status: true, message: INVITATION_MSG.sent(email) });
    },
  )
  .delete(
    '/admin/team/invitations/:id',
    requireAuth,
    validate('param', TeamInvitationParamSchema, 404),
    validate('query', MemberRemoveQuerySchema),
    async (c) => {
      const actor = await loadActor(c.env.DB, c.var.session);
      const { producer_id } = c.req.valid('query');
      manage(actor, producer_id);
      await revokeInvitation(c.env.DB, actor, producer_id, c.req.valid('param').id);
      return c.json({ status: true, message: 'Invitación revocada: el enlace ya no sirve.' });
    },
  )
  .put(
    '/admin/team/members/:userId',
    requireAuth,
    validate('param', MemberParamSchema, 404),
    validate('json', MemberUpdateSchema),
    async (c) => {
      const actor = await loadActor(c.env.DB, c.var.session);
      const input = c.req.valid('json');
      manage(actor, input.producer_id);
      await updateMember(c.env.DB, actor, c.req.valid('param').userId, input);
      await pushDoorStaffChange(c.env, c.req.valid('param').userId);
      return c.json({ status: true, message: 'Listo: los permisos cambian en su próxima acción.' });
    },
  )
  .delete(
    '/admin/team/members/:userId',
    requireAuth,
    validate('param', MemberParamSchema, 404),
    validate('query', MemberRemoveQuerySchema),
    async (c) => {
      const actor = await loadActor(c.env.DB, c.var.session);
      const { producer_id } = c.req.valid('query');
      manage(actor, producer_id);
      await removeMember(c.env.DB, actor, producer_id, c.req.valid('param').userId);
      await pushDoorStaffChange(c.env, c.req.valid('param').userId);
      return c.json({
        status: true,
        message: 'Quitamos a la persona del equipo: pierde el acceso en su próxima acción.',
      });
    },
  )
  /** What an invitation link offers (public: the page shows it before the person signs in). */
  .get('/team/invitations/:token', validate('param', TeamTokenParamSchema, 404), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json({ status: true, data: await previewInvitation(c.env.DB, c.req.valid('param').token) });
  })
  .post('/team/invitations/:token/accept', requireAuth, validate('param', TeamTokenParamSchema, 404), async (c) => {
    const data = await acceptInvitation(c.env.DB, c.var.session, c.req.valid('param').token);
    // The new member's own token lacks the new role: refresh it now.
    return c.json({
      status: true,
      message: `Ya sos parte del equipo de ${data.producer_name}.`,
      data,
      role_update: true,
    });
  });
