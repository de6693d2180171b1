import { api } from '../../../lib/api';
import type { SessionUser } from '../../../shared/session';

/** GET /verify-email?token=. The edge sets the session cookies and answers the decoded session. */
export const verifyEmail = (token: string) =>
  api<{ user?: unknown; session: SessionUser }>(`/verify-email?token=${encodeURIComponent(token)}`);
