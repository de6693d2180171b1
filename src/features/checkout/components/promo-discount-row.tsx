import { PROMO_MSG } from '../../../shared/messages/promo';
import { formatMoney } from '../../../shared/money';
import type { OrderView } from '../../../shared/schemas/checkout';

/** The promo code's line in the price breakdown: what it took off the listed prices (nothing without one). */
export function PromoDiscountRow({ order }: { order: Pick<OrderView, 'promo_code' | 'discount_cents'> }) {
  if (!order.promo_code || order.discount_cents <= 0) return null;
  return (
    <tr className="text-success">
      <td>{PROMO_MSG.discountLine(order.promo_code)}</td>
      <td className="text-right" data-testid="order-discount">
        −{formatMoney(order.discount_cents)}
      </td>
    </tr>
  );
}
