import { api } from '../../../lib/api';

/** GET /verify-change-email?token=: confirms the new address from the e-mailed link. */
export const verifyChangeEmail = (token: string) =>
  api<{ status: boolean; message?: string }>(`/verify-change-email?token=${encodeURIComponent(token)}`);
