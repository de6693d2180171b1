import { api } from '../../../lib/api';
import type { Login } from '../../../shared/schemas/auth';
import type { SessionUser } from '../../../shared/session';

/** POST /login. The edge keeps the token pair in HttpOnly cookies and answers the decoded session. */
export const login = (input: Login) => api<{ session: SessionUser }>('/login', { method: 'POST', json: input });
