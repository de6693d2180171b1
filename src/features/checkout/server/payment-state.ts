import type { Api } from '../../../lib/contract';
import { unlessNotFound, unwrap } from '../../../shared/provider-result';
import type { SessionUser } from '../../../shared/session';
import { reselectHref } from './checkout-state';

/**
 * The order behind a MercadoPago return (`external_reference`) or our own link (`order`), read from the
 * provider: the query string only says which order, never its state.
 */
export async function paymentState(api: Api, session: SessionUser | null, query: URLSearchParams) {
  const id = query.get('external_reference') ?? query.get('order');
  if (!id) return { kind: 'missing' as const };
  if (!session) return { kind: 'login' as const };
  const answer = await unlessNotFound(unwrap(api.orders[':id'].$get({ param: { id } })));
  if (!answer) return { kind: 'missing' as const };
  return { kind: 'order' as const, order: answer.data, retryHref: reselectHref(answer.data) };
}
