/** The session user as decoded from the access token (spec section 3). */
export type SessionUser = {
  iss: string;
  user: { id: number; name: string; email: string; activo: boolean; provinces_id: number | null };
  exp: number;
  rol: string;
  permisos: string[];
};

export const firstName = (session: SessionUser | null) => session?.user.name.trim().split(/\s+/)[0] ?? '';

export const initial = (session: SessionUser | null) => (session?.user.name.trim()[0] ?? '?').toUpperCase();
