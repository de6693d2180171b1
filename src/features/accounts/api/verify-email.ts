import { client, type EdgeSessionAnswer, unwrap } from '../../../lib/api';

/** GET /verify-email?token=. The edge sets the session cookies and answers the decoded session. */
export const verifyEmail = async (token: string) =>
  (await unwrap(client['verify-email'].$get({ query: { token } }))) as unknown as EdgeSessionAnswer;
