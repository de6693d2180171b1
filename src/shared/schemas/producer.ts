import { z } from 'zod';
import { FIELD_MSG, MSG } from '../messages/common';
import { EVENT_MSG, PRODUCER_FIELD_MSG } from '../messages/events';
import { MediaKeySchema } from './media';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, FIELD_MSG.maxChars(max))
    .nullish()
    .transform((v) => v || null);

const optionalUrl = z
  .string()
  .trim()
  .max(200, PRODUCER_FIELD_MSG.optionalUrlMax)
  .refine((v) => v === '' || /^https?:\/\/\S+$/.test(v), PRODUCER_FIELD_MSG.optionalUrlCheck)
  .nullish()
  .transform((v) => v || null);

/** A producer (productora): who organises events. Its members are managed by the collaborators work. */
export const ProducerSchema = z.object({
  id: z.number().int(),
  name: z.string().trim().min(2, EVENT_MSG.producerNameRequired).max(80, FIELD_MSG.maxChars(80)),
  slug: z.string(),
  logo_key: z.string().nullable(),
  description: z.string().trim().max(2000, PRODUCER_FIELD_MSG.descriptionMax).default(''),
  contact_email: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), MSG.emailInvalid)
    .nullish()
    .transform((v) => v || null),
  contact_phone: optionalText(30),
  instagram: optionalUrl,
  facebook: optionalUrl,
  website: optionalUrl,
  city: optionalText(100),
  provinces_id: z.coerce.number().int().min(1).max(24).nullish(),
});
export type Producer = z.infer<typeof ProducerSchema>;

export const ProducerInputSchema = ProducerSchema.omit({ id: true, slug: true }).extend({
  logo_key: MediaKeySchema,
});
export type ProducerInput = z.infer<typeof ProducerInputSchema>;

/** A URL slug from a name: 'La Trastienda Club' -> 'la-trastienda-club'. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'sin-nombre'
  );
}
