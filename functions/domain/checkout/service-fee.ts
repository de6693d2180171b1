/**
 * The service charge of a producer `p` (its own, else the platform's), as `fee_bp` and `fee_fixed`: the
 * one SQL the sale configuration (what a hold charges) and the public event page (what it shows) share.
 */
export const SERVICE_FEE_COLUMNS = `coalesce(p.fee_percent_bp, (select cast(value as integer) from platform_config where key = 'service_fee_percent_bp'), 0) as fee_bp,
           coalesce(p.fee_fixed_cents, (select cast(value as integer) from platform_config where key = 'service_fee_fixed_cents'), 0) as fee_fixed`;
