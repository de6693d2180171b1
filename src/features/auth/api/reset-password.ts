import { api } from '../../../lib/api';
import type { ResetPassword } from '../../../shared/schemas/auth';

/** POST /reset-password: the new password for the e-mailed recovery token. */
export const resetPassword = (input: ResetPassword) =>
  api<{ status: boolean; data?: unknown; message?: string }>('/reset-password', { method: 'POST', json: input });
