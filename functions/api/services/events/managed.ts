import type { EventStatus, VenueInput } from '../../../../src/shared/schemas/events';

/** An event as the back office edits it (services/events/store.ts reads and writes it). */

export type ManagedTicketType = {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  capacity: number;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  min_per_order: number;
  max_per_order: number;
  hidden: boolean;
  named: boolean;
  sold: number;
  held: number;
};

export type ManagedEvent = {
  id: number;
  producer_id: number;
  producer_name: string;
  title: string;
  slug: string;
  description: string;
  category: string;
  min_age: number | null;
  cover_key: string | null;
  flyer_key: string | null;
  hold_minutes: number;
  status: EventStatus;
  rejection_reason: string | null;
  approved_at: string | null;
  starts_at: string | null;
  updated_at: string;
  venue: (VenueInput & { id: number }) | null;
  dates: {
    id: number;
    starts_at: string;
    ends_at: string | null;
    doors_at: string | null;
    ticket_types: ManagedTicketType[];
  }[];
};
