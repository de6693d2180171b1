import { api } from '../../../lib/api';
import type { Register } from '../../../shared/schemas/auth';

/** POST /register: creates the account and mails the verification link. */
export const register = (input: Register) =>
  api<{ status: boolean; message?: string }>('/register', { method: 'POST', json: input });
