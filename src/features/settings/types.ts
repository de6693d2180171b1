import type { Api, DataOf } from '../../lib/contract';

/** GET /admin/settings/producers/:id: fiscal, payout and sales settings, own fee and the platform's. */
export type ProducerSettingsView = DataOf<Api['admin']['settings']['producers'][':id']['$get']>;
/** GET /admin/mercadopago/producers/:id: whether a MercadoPago account is linked (never its tokens). */
export type MpLinkView = DataOf<Api['admin']['mercadopago']['producers'][':id']['$get']>;
/** GET /admin/settings/platform: default service charge, limits, MercadoPago application (secret masked). */
export type PlatformSettingsView = DataOf<Api['admin']['settings']['platform']['$get']>;
/** A row of GET /admin/settings/platform/producers. */
export type PlatformProducerRow = DataOf<Api['admin']['settings']['platform']['producers']['$get']>[number];
