import { z } from 'zod';
import { VENUE_FIELD_MSG } from '../messages/events';

/** A venue (lugar): where an event's dates happen. Provinces come from the location data. */
export const VenueSchema = z.object({
  id: z.number().int(),
  name: z.string().trim().min(1, VENUE_FIELD_MSG.nameMin).max(120, VENUE_FIELD_MSG.nameMax),
  address: z.string().trim().min(1, VENUE_FIELD_MSG.addressMin).max(200, VENUE_FIELD_MSG.addressMax),
  city: z.string().trim().min(1, VENUE_FIELD_MSG.cityMin).max(100, VENUE_FIELD_MSG.cityMax),
  provinces_id: z.coerce
    .number({ error: VENUE_FIELD_MSG.provincesId })
    .int(VENUE_FIELD_MSG.provincesId)
    .min(1, VENUE_FIELD_MSG.provincesId)
    .max(24, VENUE_FIELD_MSG.provincesId),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
});
export type Venue = z.infer<typeof VenueSchema>;

export const VenueInputSchema = VenueSchema.omit({ id: true });
export type VenueInput = z.infer<typeof VenueInputSchema>;

/** A Google Maps search link for a venue (coordinates when known, else the address). */
export function mapLink(venue: Pick<Venue, 'name' | 'address' | 'city' | 'lat' | 'lng'>, province?: string): string {
  const query =
    venue.lat != null && venue.lng != null
      ? `${venue.lat},${venue.lng}`
      : [venue.name, venue.address, venue.city, province].filter(Boolean).join(', ');
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
