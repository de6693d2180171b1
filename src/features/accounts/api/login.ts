import { client, type EdgeSessionAnswer, unwrap } from '../../../lib/api';
import type { Login } from '../../../shared/schemas/accounts';

/** POST /login. The edge keeps the token pair in HttpOnly cookies and answers the decoded session. */
export const login = async (json: Login) =>
  (await unwrap(client.login.$post({ json }))) as unknown as EdgeSessionAnswer;
