import { useCallback, useState } from 'react';
import { useLive } from '../../../components/ui/adopt';
import { CheckboxField, SubmitButton, TextField } from '../../../components/ui/fields';
import { ApiError, messageOf } from '../../../lib/api';
import { BUY_MSG, CHECKOUT_TEXT } from '../../../shared/messages/checkout';
import { type OrderView, PayRequestSchema } from '../../../shared/schemas/checkout';
import { releaseHold } from '../api/release-hold';
import { submitCheckout } from '../api/submit-checkout';
import { Countdown } from './countdown';
import { OrderSummary } from './order-summary';

type HolderInput = { key: string; ticket_type_id: number; name: string; dni: string };

function initialHolders(order: OrderView): HolderInput[] {
  return order.items
    .filter((i) => i.named)
    .flatMap((i) =>
      Array.from({ length: i.quantity }, (_, n) => ({
        key: `${i.ticket_type_id}-${n}`,
        ticket_type_id: i.ticket_type_id,
        name: '',
        dni: '',
      })),
    );
}

/**
 * The checkout: countdown of the hold, price breakdown, buyer data (prefilled from the profile),
 * holder of each named ticket, acceptance of the terms, then MercadoPago (or free tickets at once).
 */
export default function CheckoutForm({ order, retryHref }: { order: OrderView; retryHref: string }) {
  const [buyer, setBuyer] = useState(order.buyer);
  const [holders, setHolders] = useState(initialHolders(order));
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Whether the hold ran out is the countdown's to say, in the browser (a clock read here would differ
  // between the server's render and the browser's, and React would redraw the form: issue 31).
  const [expired, setExpired] = useState(false);
  const onExpire = useCallback(() => setExpired(true), []);
  const live = useLive();
  const free = order.total_cents === 0;

  async function submit(e: { preventDefault: () => void }) {
    e.preventDefault();
    const parsed = PayRequestSchema.safeParse({ buyer, holders, accept_terms: terms });
    if (!parsed.success) {
      const map: Record<string, string> = {};
      for (const issue of parsed.error.issues) map[issue.path.join('.')] ??= issue.message;
      setErrors(map);
      setMessage(BUY_MSG.reviewFields);
      return;
    }
    setErrors({});
    setMessage(null);
    setBusy(true);
    try {
      const { data } = await submitCheckout(order.id, parsed.data);
      location.assign(data.redirect);
    } catch (err) {
      setBusy(false);
      setMessage(messageOf(err));
      if (err instanceof ApiError && err.status === 409) setExpired(true);
    }
  }

  async function cancel() {
    await releaseHold(order.id).catch(() => undefined);
    location.assign(`/eventos/${order.event.id}`);
  }

  if (expired) {
    return (
      <div className="flex flex-col gap-4">
        <OrderSummary order={order} />
        <div role="alert" className="alert alert-warning">
          {CHECKOUT_TEXT.holdExpired}
        </div>
        <a className="btn btn-primary" href={retryHref}>
          {CHECKOUT_TEXT.holdAgain}
        </a>
      </div>
    );
  }

  const holderField = (index: number, field: 'name' | 'dni', value: string) =>
    setHolders(holders.map((h, i) => (i === index ? { ...h, [field]: value } : h)));

  return (
    <form className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem]" onSubmit={submit} noValidate>
      <div className="flex flex-col gap-6">
        <Countdown until={order.hold_expires_at} onExpire={onExpire} />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-lg font-bold">{CHECKOUT_TEXT.buyer}</legend>
          <TextField
            label={CHECKOUT_TEXT.fullName}
            value={buyer.name}
            error={errors['buyer.name']}
            onValue={(v) => setBuyer({ ...buyer, name: v })}
            autoComplete="name"
          />
          <TextField
            label={CHECKOUT_TEXT.email}
            type="email"
            value={buyer.email}
            error={errors['buyer.email']}
            onValue={(v) => setBuyer({ ...buyer, email: v })}
            autoComplete="email"
          />
          <TextField
            label="DNI"
            inputMode="numeric"
            value={buyer.dni}
            error={errors['buyer.dni']}
            onValue={(v) => setBuyer({ ...buyer, dni: v })}
          />
          <TextField
            label={CHECKOUT_TEXT.phone}
            inputMode="tel"
            value={buyer.phone}
            error={errors['buyer.phone']}
            onValue={(v) => setBuyer({ ...buyer, phone: v })}
            autoComplete="tel"
          />
        </fieldset>
        {holders.length > 0 && (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-lg font-bold">{CHECKOUT_TEXT.holders}</legend>
            {holders.map((h, i) => {
              const type = order.items.find((it) => it.ticket_type_id === h.ticket_type_id);
              return (
                <div key={h.key} className="grid gap-3 rounded-box bg-base-200 p-3 sm:grid-cols-2">
                  <p className="text-sm font-semibold sm:col-span-2">
                    {CHECKOUT_TEXT.ticket} {i + 1} · {type?.name}
                  </p>
                  <TextField
                    label={CHECKOUT_TEXT.holderName(i + 1)}
                    value={h.name}
                    error={errors[`holders.${i}.name`]}
                    onValue={(v) => holderField(i, 'name', v)}
                  />
                  <TextField
                    label={CHECKOUT_TEXT.holderDni(i + 1)}
                    inputMode="numeric"
                    value={h.dni}
                    error={errors[`holders.${i}.dni`]}
                    onValue={(v) => holderField(i, 'dni', v)}
                  />
                </div>
              );
            })}
          </fieldset>
        )}
        <CheckboxField
          label={
            <>
              {CHECKOUT_TEXT.acceptThe}{' '}
              <a className="link" href="/legal" target="_blank" rel="noreferrer">
                {CHECKOUT_TEXT.terms}
              </a>
            </>
          }
          checked={terms}
          error={errors.accept_terms}
          onChecked={setTerms}
        />
        {message && (
          <p role="alert" className="text-error">
            {message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-4">
        <OrderSummary order={order} />
        <SubmitButton className="btn btn-primary btn-lg" busy={busy}>
          {free ? CHECKOUT_TEXT.confirmFree : CHECKOUT_TEXT.payWithMp}
        </SubmitButton>
        <button type="button" className="btn btn-ghost btn-sm" onClick={cancel} disabled={busy || !live}>
          {CHECKOUT_TEXT.cancelHold}
        </button>
      </div>
    </form>
  );
}
