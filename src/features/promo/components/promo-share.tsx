import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { PROMO_SHARE_TEXT as T } from '../../../shared/messages/promo';
import { qrOf } from '../../../shared/qr';
import { toast } from '../../../stores/toast';

/** The link a promoter shares: the event page with the code, which shows the discounted prices (issue 32). */
export const promoLink = (eventId: number, code: string) =>
  new URL(`/eventos/${eventId}?codigo=${encodeURIComponent(code)}`, location.origin).toString();

/**
 * One code's "Copiar link" and "QR" (issue 32): the producer hands each promoter their own link, or its QR to
 * print or show on a phone. Without clipboard access the link is shown in the QR's dialog to copy by hand.
 */
export function PromoShare({ eventId, code }: { eventId: number; code: string }) {
  const [showing, setShowing] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(promoLink(eventId, code));
      toast('success', T.copied(code));
    } catch {
      setShowing(true);
    }
  }

  return (
    <>
      <button type="button" className="btn btn-ghost btn-xs" aria-label={T.copyOf(code)} onClick={() => void copy()}>
        {T.copy}
      </button>
      <button type="button" className="btn btn-ghost btn-xs" aria-label={T.qrOf(code)} onClick={() => setShowing(true)}>
        {T.qr}
      </button>
      {showing && <PromoQrDialog eventId={eventId} code={code} onClose={() => setShowing(false)} />}
    </>
  );
}

function PromoQrDialog({ eventId, code, onClose }: { eventId: number; code: string; onClose: () => void }) {
  const link = promoLink(eventId, code);
  const qr = qrOf(link);
  return (
    <Dialog title={T.qrTitle(code)} closeLabel={T.close} closeOnBackdrop onClose={onClose}>
      <div className="flex flex-col items-center gap-3">
        <img
          src={qr.gifDataUrl()}
          alt={T.qrAlt(code)}
          width={qr.size * 8}
          height={qr.size * 8}
          className="rounded-box bg-white p-2"
        />
        <label className="flex w-full flex-col gap-1 text-sm">
          {T.linkLabel}
          <input className="input w-full font-mono text-xs" readOnly value={link} onFocus={(e) => e.target.select()} />
        </label>
        <a className="btn btn-primary" href={qr.gifDataUrl()} download={`qr-${code}.gif`}>
          {T.download}
        </a>
      </div>
    </Dialog>
  );
}
