import { api } from '../../../lib/api';

/** DELETE /holds/:orderId: gives the held tickets back at once. */
export const releaseHold = (orderId: string) =>
  api<{ released: boolean }>(`/holds/${encodeURIComponent(orderId)}`, { method: 'DELETE' });
