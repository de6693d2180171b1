import { z } from 'zod';
import { EVENT_MSG } from '../messages/events';

/**
 * A positive integer id, as a JSON number or as its digits (a path or a query string). Booleans, blanks,
 * signs, decimals and hex are refused with `message`, the one message of that kind of id.
 */
export const positiveId = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,15}$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number({ error: message }).int(message).positive(message));

/**
 * An event's id, wherever a request names it. The access declarations (functions/api/lib/access.ts) read
 * the raw request with this schema and the routes' validators check it again with the same one, so both
 * agree on what an event id is and a malformed one is always answered with `EVENT_MSG.invalid`.
 */
export const EventIdSchema = positiveId(EVENT_MSG.invalid);

/** A producer's id in a query or a body (a path names one that is simply not found: EVENT_MSG.producerNotFound). */
export const ProducerIdSchema = positiveId(EVENT_MSG.producerInvalid);
