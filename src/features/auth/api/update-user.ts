import { api } from '../../../lib/api';
import type { ProfileUpdate } from '../../../shared/schemas/auth';

/** PUT /user: the profile fields; answers `{ status, message }`. */
export const updateUser = (input: ProfileUpdate) =>
  api<{ status: boolean; message?: string }>('/user', { method: 'PUT', json: input });
