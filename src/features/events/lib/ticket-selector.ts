import { takeEarlyTaps } from '../../../shared/early-taps';
import { UI_MSG } from '../../../shared/messages/common';
import { formatPrice } from '../../../shared/money';
import { type Discount, type PricedLine, priceLine, selectionTotals } from '../../../shared/pricing';
import { openPurchaseLogin, rememberedSelection } from './purchase-login';

/**
 * Behaviour of <ticket-selector> (markup in TicketSelector.astro): +/- within each type's minimum and
 * its top (the lower of the per-order maximum and what is left), one date at a time, and the
 * "Comprar" form: a POST to `/checkout?event=<id>&items=<typeId>:<qty>,...` with the same fields, so a
 * buyer who must log in first comes back to the same selection.
 */
class TicketSelectorElement extends HTMLElement {
  private qty = new Map<number, number>();

  connectedCallback() {
    // A visitor's "Comprar" opens the login dialog here; once logged in, the same form is posted.
    const buy = this.querySelector<HTMLFormElement>('[data-buy]');
    // Embedded (issue 34), the purchase window logs the buyer in at the top level instead.
    buy?.addEventListener('submit', (event) => {
      if (!this.dataset.embed && openPurchaseLogin(buy)) event.preventDefault();
    });
    this.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button[data-step]');
      const row = button?.closest<HTMLElement>('[data-ticket]');
      if (button && row) this.step(row, Number(button.dataset.step));
    });
    const select = this.querySelector('[data-date-select]') as HTMLSelectElement | null;
    select?.addEventListener('change', () => {
      const id = select.value;
      for (const list of this.querySelectorAll<HTMLElement>('[data-date]')) list.hidden = list.dataset.date !== id;
      this.qty.clear();
      this.render();
    });
    this.restore(select);
    this.render();
    // "+" and "−" tapped while this script was still on its way (issue 31) count now, in order.
    for (const button of takeEarlyTaps('selector', this)) (button as HTMLButtonElement).click();
  }

  /** A selection left before logging in (`?seleccion=`) comes back, within each type's limits. */
  private restore(select: HTMLSelectElement | null) {
    for (const [id, qty] of rememberedSelection(new URL(location.href))) {
      const row = this.querySelector<HTMLElement>(`[data-ticket="${id}"]`);
      if (!row?.querySelector('button[data-step]')) continue;
      const list = row.closest<HTMLElement>('[data-date]');
      if (list?.hidden && select && this.qty.size === 0) {
        select.value = list.dataset.date ?? '';
        for (const other of this.querySelectorAll<HTMLElement>('[data-date]')) other.hidden = other !== list;
      }
      if (list?.hidden || Number(row.dataset.top) < Number(row.dataset.min)) continue;
      this.qty.set(id, Math.max(Number(row.dataset.min), Math.min(Number(row.dataset.top), qty)));
    }
  }

  private step(row: HTMLElement, delta: number) {
    const id = Number(row.dataset.ticket);
    const min = Number(row.dataset.min);
    const top = Number(row.dataset.top);
    const current = this.qty.get(id) ?? 0;
    let next = current + delta;
    if (delta > 0 && current === 0) next = min;
    if (delta < 0 && current <= min) next = 0;
    this.qty.set(id, Math.max(0, Math.min(top, next)));
    this.render();
  }

  private render() {
    let count = 0;
    const lines: PricedLine[] = [];
    const items: string[] = [];
    const fee = { percentBp: Number(this.dataset.feeBp ?? 0), fixedCents: Number(this.dataset.feeFixed ?? 0) };
    for (const row of this.querySelectorAll<HTMLElement>('[data-ticket]')) {
      const id = Number(row.dataset.ticket);
      const qty = this.qty.get(id) ?? 0;
      const output = row.querySelector('output');
      if (output) output.textContent = String(qty);
      const [less, more] = row.querySelectorAll<HTMLButtonElement>('button[data-step]');
      if (less) less.disabled = qty === 0;
      if (more) more.disabled = qty >= Number(row.dataset.top);
      if (qty > 0) {
        count += qty;
        lines.push(priceLine(id, qty, Number(row.dataset.price), fee));
        items.push(`${id}:${qty}`);
      }
    }
    const counter = this.querySelector('[data-count]');
    if (counter) counter.textContent = count > 0 ? UI_MSG.chosen(count) : UI_MSG.choose;
    const totalText = this.querySelector('[data-total]');
    // The same computation the hold prices the order with (src/shared/pricing.ts), the page's code included.
    const discount = this.dataset.discount ? (JSON.parse(this.dataset.discount) as Discount) : null;
    const { totalCents, feeCents } = selectionTotals(lines, discount, fee);
    if (totalText) totalText.textContent = count > 0 ? formatPrice(totalCents) : '';
    const feeNote = this.querySelector('[data-fee-note]');
    if (feeNote) feeNote.textContent = count > 0 && feeCents > 0 ? UI_MSG.selectionFee(feeCents) : '';
    const buy = this.querySelector<HTMLFormElement>('[data-buy]');
    const disabled = this.querySelector<HTMLButtonElement>('[data-buy-disabled]');
    if (buy) {
      buy.hidden = count === 0;
      buy.action = `/checkout?event=${this.dataset.event}&items=${items.join(',')}`;
      const field = buy.querySelector<HTMLInputElement>('input[name="items"]');
      if (field) field.value = items.join(',');
    }
    if (disabled) disabled.hidden = count > 0;
    // A date sold seat by seat (issue 33) buys from its seat map: the quantities' total and button step aside.
    const shown = [...this.querySelectorAll<HTMLElement>('[data-date]')].find((d) => !d.hidden);
    const footer = this.querySelector<HTMLElement>('[data-footer]');
    if (footer) footer.hidden = shown?.dataset.seated !== undefined;
    this.dataset.ready = '1';
  }
}

customElements.define('ticket-selector', TicketSelectorElement);
