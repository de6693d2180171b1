import { type EventFilters, EventFiltersSchema } from '../../../shared/schemas/event';

/** The catalogue filters from a page URL (unknown or bad values are dropped, never an error). */
export function filtersFromUrl(url: URL): EventFilters {
  const raw = Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ''));
  return EventFiltersSchema.parse(raw);
}

/** The filters back as a query string for the API. */
export function filtersQuery(filters: Partial<EventFilters>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}
