import { api } from '../../../lib/api';
import type { ChangeEmail } from '../../../shared/schemas/auth';

/** POST /change-email: mails a confirmation link to the new address. */
export const changeEmail = (input: ChangeEmail) =>
  api<{ status: boolean; message?: string }>('/change-email', { method: 'POST', json: input });
