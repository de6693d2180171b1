import { api } from '../../../lib/api';
import type { SecurePasswordChange } from '../../../shared/schemas/auth';

/** PUT /password, secure variant: current password plus the new one twice. */
export const changePassword = (input: SecurePasswordChange) =>
  api<{ status: boolean; message?: string }>('/password', { method: 'PUT', json: input });
