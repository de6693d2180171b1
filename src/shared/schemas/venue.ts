import { z } from 'zod';

/** A venue (lugar): where an event's dates happen. Provinces come from the location data. */
export const VenueSchema = z.object({
  id: z.number().int(),
  name: z.string().trim().min(1, 'El nombre del lugar es requerido').max(120, 'Máximo 120 caracteres'),
  address: z.string().trim().min(1, 'La dirección es requerida').max(200, 'Máximo 200 caracteres'),
  city: z.string().trim().min(1, 'La ciudad es requerida').max(100, 'Máximo 100 caracteres'),
  provinces_id: z.coerce
    .number({ error: 'Elegí una provincia' })
    .int('Elegí una provincia')
    .min(1, 'Elegí una provincia')
    .max(24, 'Elegí una provincia'),
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
