import type { Api, DataOf } from '../../lib/contract';

/** GET /admin/sales/dashboard: figures, series, tickets by type, occupancy, check-in, latest orders. */
export type SalesDashboard = DataOf<Api['admin']['sales']['dashboard']['$get']>;
/** A row of GET /admin/orders. */
export type OrderRowView = DataOf<Api['admin']['orders']['$get']>[number];
/** GET /admin/orders/:id: buyer, items, tickets, payments and timeline. */
export type OrderDetailView = DataOf<Api['admin']['orders'][':id']['$get']>;
