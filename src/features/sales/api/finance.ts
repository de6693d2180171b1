import { client, unwrap } from '../../../lib/api';

type FinanceQuery = NonNullable<Parameters<typeof client.admin.finance.$get>[0]>['query'];

/** GET /admin/finance for the chosen period and event. */
export async function fetchFinance(query: Record<string, string>) {
  return (await unwrap(client.admin.finance.$get({ query: query as FinanceQuery }))).data;
}
