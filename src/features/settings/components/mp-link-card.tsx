import { useState } from 'react';
import { messageOf } from '../../../lib/api';
import { formatLongDate } from '../../../shared/dates';
import { toast } from '../../../stores/toast';
import { mpAuthorizationUrl, unlinkMp } from '../api/mp-link';
import type { MpLinkView } from '../types';

/**
 * The producer's own MercadoPago account: linked through MercadoPago's authorization page (OAuth), after
 * which its events' payments are collected by that account and the platform keeps its service charge.
 */
export default function MpLinkCard({ producerId, initial }: { producerId: number; initial: MpLinkView }) {
  const [status, setStatus] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function link() {
    setBusy(true);
    setProblem(null);
    try {
      window.location.assign(await mpAuthorizationUrl(producerId));
    } catch (err) {
      setProblem(messageOf(err));
      setBusy(false);
    }
  }

  async function unlink() {
    const question =
      '¿Desvincular la cuenta? Las próximas ventas se cobrarán con la cuenta de la plataforma; los reembolsos de lo que ya cobraste se siguen haciendo con tu cuenta.';
    if (!window.confirm(question)) return;
    setBusy(true);
    setProblem(null);
    try {
      const r = await unlinkMp(producerId);
      setStatus(r.data);
      toast('success', r.message);
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="rounded-box bg-base-200 p-5" aria-labelledby="mp-title">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="mp-title" className="text-lg font-bold">
            MercadoPago
          </h2>
          {status.linked ? (
            <p className="mt-1 text-sm" data-testid="mp-status">
              <span className="badge badge-success mr-2">Vinculada</span>
              Cuenta {status.mp_user_id}. Tus ventas se cobran con tu cuenta y la plataforma retiene el cargo por
              servicio.
            </p>
          ) : (
            <p className="mt-1 text-sm" data-testid="mp-status">
              <span className="badge badge-ghost mr-2">Sin vincular</span>
              Vinculá tu cuenta para cobrar tus ventas directamente en MercadoPago.
            </p>
          )}
          {status.linked && status.expires_at && (
            <p className="mt-1 text-xs text-base-content/60">
              La autorización se renueva sola; vence el {formatLongDate(status.expires_at)}.
            </p>
          )}
          {status.refresh_failed && (
            <p className="mt-2 text-sm text-warning">
              No pudimos renovar la autorización. Volvé a vincular la cuenta para seguir cobrando con ella.
            </p>
          )}
          {!status.app_configured && (
            <p className="mt-2 text-sm text-warning">
              La plataforma todavía no configuró su aplicación de MercadoPago.
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn btn-primary" onClick={link} disabled={busy || !status.app_configured}>
            {status.linked ? 'Volver a vincular' : 'Vincular cuenta de MercadoPago'}
          </button>
          {status.linked && (
            <button type="button" className="btn btn-ghost" onClick={unlink} disabled={busy}>
              Desvincular
            </button>
          )}
        </div>
      </div>
      {problem && (
        <p role="alert" className="alert alert-error mt-3">
          {problem}
        </p>
      )}
    </section>
  );
}
