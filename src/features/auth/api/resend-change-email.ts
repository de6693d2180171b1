import { api } from '../../../lib/api';
import type { ChangeEmail } from '../../../shared/schemas/auth';

/** POST /resend-change-email: sends the confirmation link for the pending new address again. */
export const resendChangeEmail = (input: ChangeEmail) =>
  api<{ status: boolean; message?: string }>('/resend-change-email', { method: 'POST', json: input });
