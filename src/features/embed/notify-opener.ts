/**
 * On the payment result page: a purchase opened by the embeddable checkout (a window whose opener is the
 * embedded selector, of this same origin) tells it the order is paid; embed-frame.ts relays that to the host
 * page. The target origin is ours, so no other opener ever hears the order id.
 */
const paid = document.querySelector<HTMLElement>('[data-order-paid]');
const purchaser = window.opener as Window | null;
if (paid?.dataset.orderPaid && purchaser && purchaser !== window) {
  try {
    purchaser.postMessage({ type: 'boleteria:order_completed', orderId: paid.dataset.orderPaid }, location.origin);
  } catch {
    // The opener went away (closed, or navigated elsewhere): nothing to tell.
  }
}

export {};
