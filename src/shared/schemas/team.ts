import { z } from 'zod';
import { MEMBER_ROLES } from '../roles';
import { EventIdSchema, ProducerIdSchema } from './ids';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const email = z
  .string({ error: 'Ingresá el correo de la persona' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Revisá el correo: no parece válido' }));
const role = z.enum(MEMBER_ROLES, { error: 'Elegí un rol: Administrador, Boletería, Control de acceso o Analista' });
/** Limited to these events; empty means every event of the producer. */
const eventIds = z
  .array(EventIdSchema, { error: 'Elegí los eventos de la lista' })
  .max(100, 'Elegí hasta 100 eventos, o ninguno para darle acceso a todos')
  .default([]);

export const TeamQuerySchema = z.object({ producer_id: ProducerIdSchema.optional() });

export const TeamInviteSchema = z.object({
  producer_id: id('Elegí la productora'),
  email,
  role,
  event_ids: eventIds,
});
export type TeamInvite = z.infer<typeof TeamInviteSchema>;

export const MemberUpdateSchema = z.object({ producer_id: id('Elegí la productora'), role, event_ids: eventIds });
export type MemberUpdate = z.infer<typeof MemberUpdateSchema>;

export const MemberParamSchema = z.object({ userId: id('Persona inválida') });
export const MemberRemoveQuerySchema = z.object({ producer_id: id('Elegí la productora') });
export const TeamInvitationParamSchema = z.object({ id: z.uuid({ error: 'Invitación inválida' }) });
export const TeamTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'El enlace de la invitación no es válido'),
});
