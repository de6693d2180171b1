import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { SubmitButton, TextField } from '../../../components/ui/fields';
import { messageOf } from '../../../lib/api';
import { UI_MSG } from '../../../shared/messages/common';
import { SEAT_MAP_TEXT } from '../../../shared/messages/seating';
import { formatMoney } from '../../../shared/money';
import { type Discount, feeOf, type ServiceFeeSettings } from '../../../shared/pricing';
import type { HoldRequest } from '../../../shared/schemas/checkout';
import { $afterLogin, openLogin } from '../../../stores/navigation';
import { $session, restoreSession } from '../../../stores/session';
import { heldSeats, holdSeats } from '../api/seat-map';
import { holdItems, pickedTotals, sectionOfSeat } from '../lib/pick';
import { createSeatPicker } from '../stores/seat-picker';
import type { SeatedDateView, SectionLeft } from '../types';
import { BestAvailable } from './best-available';
import { SeatMapView } from './seat-map-view';

type Props = {
  eventId: number;
  date: SeatedDateView;
  left: SectionLeft[];
  /** The page's `?codigo=` and the queue's pass travel with the hold, as the ticket selector's form does. */
  promoCode?: string;
  queuePass?: string;
  /** The event's service charge and the page's code's discount: the total shown is the one checkout charges. */
  serviceFee: ServiceFeeSettings;
  discount?: Discount | null;
};

/**
 * The event page's seat map for one seated date (issue 33): pick seats by hand (map or list) or ask for the
 * best available; either holds the seats through the API (the refusal, in Spanish, stays beside the map) and
 * then goes to pay. A visitor logs in first, in the page's own dialog, and the same request follows.
 */
export default function SeatPickerIsland({
  eventId,
  date,
  left,
  promoCode,
  queuePass,
  serviceFee,
  discount = null,
}: Props) {
  const [picker] = useState(() => createSeatPicker({ eventId, date, left }));
  const picked = useStore(picker.$picked);
  const problem = useStore(picker.$problem);
  const [busy, setBusy] = useState(false);
  const [held, setHeld] = useState<{ orderId: string; names: string[] } | null>(null);
  const [standingQty, setStandingQty] = useState(1);

  /** Holds the items (after a login if needed); answers the order id, or null with the refusal shown. */
  async function hold(items: HoldRequest['items'], then: (orderId: string) => Promise<void> | void) {
    restoreSession();
    if (!$session.get().user) {
      $afterLogin.set(() => void hold(items, then));
      openLogin({ name: 'path', params: { path: location.pathname }, query: {} });
      return;
    }
    setBusy(true);
    picker.notify(null);
    try {
      const order = await holdSeats({
        event_id: eventId,
        items,
        ...(promoCode ? { promo_code: promoCode } : {}),
        ...(queuePass ? { queue_pass: queuePass } : {}),
      });
      await then(order.id);
    } catch (error) {
      picker.notify(messageOf(error));
      void picker.refresh();
    } finally {
      setBusy(false);
    }
  }

  const pay = (orderId: string) => location.assign(`/checkout?order=${encodeURIComponent(orderId)}`);

  /** Seats picked by hand and held: theirs on the map while the checkout loads. */
  function payPicked(orderId: string) {
    picker.showHeld(picked);
    pay(orderId);
  }

  /** Best available: the seats the hold took are shown on the map, then the buyer goes to pay. */
  async function showBest(orderId: string) {
    const seats = await heldSeats(orderId);
    const section = seats[0] ? sectionOfSeat(date.map, seats[0]) : null;
    if (section) {
      await picker.openSection(section);
      const loaded = picker.$sections.get()[section];
      const ids = new Set(seats.map((s) => s.id));
      if (loaded?.status === 'ready') picker.showHeld(loaded.seats.filter((s) => ids.has(s.id)));
    }
    setHeld({ orderId, names: seats.map((s) => s.name) });
  }

  const { totalCents, feeCents } = pickedTotals(picked, date.categories, feeOf(serviceFee), discount);
  return (
    <section className="flex flex-col gap-4" aria-label={SEAT_MAP_TEXT.heading}>
      <h3 className="font-bold">{SEAT_MAP_TEXT.heading}</h3>
      <SeatMapView
        picker={picker}
        standing={(id) => {
          const sale = date.standing[id];
          if (!sale) return null;
          return (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void hold([{ ticket_type_id: sale.ticket_type_id, quantity: standingQty }], pay);
              }}
            >
              <TextField
                label={SEAT_MAP_TEXT.standingQuantity(sale.name)}
                type="number"
                min={1}
                max={10}
                value={String(standingQty)}
                onValue={(v) => setStandingQty(Math.max(1, Number(v) || 1))}
              />
              <SubmitButton className="btn btn-primary" busy={busy}>
                {SEAT_MAP_TEXT.standingAdd}
              </SubmitButton>
            </form>
          );
        }}
      />
      {held ? (
        <div role="status" className="alert alert-success flex flex-col items-start gap-2" data-testid="best-result">
          <span>{SEAT_MAP_TEXT.bestFound(held.names.length)}</span>
          <ul className="list-inside list-disc text-sm">
            {held.names.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
          <a className="btn btn-primary btn-sm" href={`/checkout?order=${encodeURIComponent(held.orderId)}`}>
            {SEAT_MAP_TEXT.goPay}
          </a>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="flex flex-col text-sm">
            <span>
              {SEAT_MAP_TEXT.picked(picked.length)}
              {picked.length > 0 && (
                <strong className="ml-2" data-testid="picked-total">
                  {formatMoney(totalCents)}
                </strong>
              )}
            </span>
            {picked.length > 0 && feeCents > 0 && (
              <span className="text-xs text-base-content/80">{UI_MSG.selectionFee(feeCents)}</span>
            )}
          </span>
          <SubmitButton
            type="button"
            className="btn btn-primary"
            busy={busy}
            disabled={picked.length === 0 || problem !== null}
            onClick={() => void hold(holdItems(picked, date.categories), payPicked)}
          >
            {SEAT_MAP_TEXT.holdPicked}
          </SubmitButton>
        </div>
      )}
      {!held && (
        <BestAvailable
          date={date}
          busy={busy}
          onAsk={(category, quantity) =>
            void hold([{ ticket_type_id: date.categories[category].ticket_type_id, quantity, best: true }], showBest)
          }
        />
      )}
    </section>
  );
}
