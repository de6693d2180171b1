import { type EventFilters, EventFiltersSchema } from '../../../shared/schemas/events';

/** The catalogue filters from a page URL (unknown or bad values are dropped, never an error). */
export function filtersFromUrl(url: URL): EventFilters {
  const raw = Object.fromEntries([...url.searchParams].filter(([, v]) => v !== ''));
  return EventFiltersSchema.parse(raw);
}

/** The filters that are set, as query parameters (for the API client and page links). */
export function filtersParams(filters: Partial<EventFilters>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params[key] = String(value);
  return params;
}

/** The filters as a query string, for page links. */
export const filtersQuery = (filters: Partial<EventFilters>) => new URLSearchParams(filtersParams(filters)).toString();
