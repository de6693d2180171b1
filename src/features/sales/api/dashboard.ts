import { client, unwrap } from '../../../lib/api';

type DashboardQuery = NonNullable<Parameters<typeof client.admin.sales.dashboard.$get>[0]>['query'];

/** GET /admin/sales/dashboard for the chosen period and event (the API validates the values). */
export async function fetchDashboard(query: Record<string, string>) {
  return (await unwrap(client.admin.sales.dashboard.$get({ query: query as DashboardQuery }))).data;
}
