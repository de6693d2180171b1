import { z } from 'zod';
import { ACTIVITY_KIND_LABEL, ACTIVITY_TEXT, type ActivityKindName, TEAM_FIELD_MSG } from '../messages/team';
import { MEMBER_ROLES } from '../roles';
import { EventIdSchema, ProducerIdSchema } from './ids';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const email = z
  .string({ error: TEAM_FIELD_MSG.email })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: TEAM_FIELD_MSG.emailInvalid }));
const role = z.enum(MEMBER_ROLES, { error: TEAM_FIELD_MSG.role });
/** Limited to these events; empty means every event of the producer. */
const eventIds = z
  .array(EventIdSchema, { error: TEAM_FIELD_MSG.eventIds })
  .max(100, TEAM_FIELD_MSG.eventIdsMax)
  .default([]);

export const TeamQuerySchema = z.object({ producer_id: ProducerIdSchema.optional() });

export const TeamInviteSchema = z.object({
  producer_id: id(TEAM_FIELD_MSG.producerRequired),
  email,
  role,
  event_ids: eventIds,
});
export type TeamInvite = z.infer<typeof TeamInviteSchema>;

export const MemberUpdateSchema = z.object({
  producer_id: id(TEAM_FIELD_MSG.producerRequired),
  role,
  event_ids: eventIds,
});
export type MemberUpdate = z.infer<typeof MemberUpdateSchema>;

export const MemberParamSchema = z.object({ userId: id(TEAM_FIELD_MSG.userId) });
export const MemberRemoveQuerySchema = z.object({ producer_id: id(TEAM_FIELD_MSG.producerRequired) });
export const TeamInvitationParamSchema = z.object({ id: z.uuid({ error: TEAM_FIELD_MSG.invitationId }) });
export const TeamTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, TEAM_FIELD_MSG.invitationToken),
});

// ---- The activity log, "Actividad" (issue 35) ----

const activityId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).optional();

/** GET /admin/activity/:producer: who, which event, which kind of change; `before` pages back. */
export const ActivityQuerySchema = z.object({
  actor_id: activityId(ACTIVITY_TEXT.invalidFilter),
  event_id: activityId(ACTIVITY_TEXT.invalidFilter),
  kind: z
    .enum(Object.keys(ACTIVITY_KIND_LABEL) as [ActivityKindName, ...ActivityKindName[]], {
      error: ACTIVITY_TEXT.invalidFilter,
    })
    .optional(),
  before: activityId(ACTIVITY_TEXT.invalidFilter),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;
