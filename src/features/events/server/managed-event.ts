import type { Api } from '../../../lib/contract';
import { ApiError, unlessNotFound, unwrap } from '../../../shared/provider-result';

/**
 * A back-office page's event (`/admin/<page>/:id`), read as its caller through the provider: the event, `denied`
 * when the caller may not see it (403: the page sends them to /access-denied), or null for a bad id or an
 * unknown event (404).
 */
export async function managedEventOf(api: Api, idParam: string | undefined) {
  const id = Number.parseInt(idParam ?? '', 10);
  if (!Number.isInteger(id) || id <= 0) return null;
  const found = await unlessNotFound(unwrap(api.admin.events[':id'].$get({ param: { id: String(id) } }))).catch(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 403) return 'denied' as const;
      throw error;
    },
  );
  return found === 'denied' ? found : found && { id, event: found.data };
}
