import { api } from '../../../lib/api';

export type UserProfile = {
  id: number;
  name: string;
  email: string;
  dni: string;
  telefono: string;
  pais_id: number | null;
  provinces_id: number | null;
  accept_promotions?: boolean;
  pending_email?: string | null;
};

/** GET /user?id=: one user's profile, `{ data, status }`. */
export const getUser = (id: number) => api<{ status: boolean; data: UserProfile }>(`/user?id=${id}`);
