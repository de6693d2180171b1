import { api } from '../../../lib/api';
import type { Restore } from '../../../shared/schemas/auth';

/** POST /restore-password: mails a recovery link (same answer for unknown addresses). */
export const restorePassword = (input: Restore) =>
  api<{ status: boolean; message?: string }>('/restore-password', { method: 'POST', json: input });
