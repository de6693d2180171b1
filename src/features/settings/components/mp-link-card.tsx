import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { messageOf } from '../../../lib/api';
import { formatLongDate } from '../../../shared/dates';
import { SETTINGS_TEXT } from '../../../shared/messages/settings';
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
  const [asking, setAsking] = useState(false);

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

  async function unlink(): Promise<string | null> {
    setBusy(true);
    setProblem(null);
    try {
      const r = await unlinkMp(producerId);
      setStatus(r.data);
      toast('success', r.message);
      return null;
    } catch (err) {
      return messageOf(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="rounded-box bg-base-200 p-5" aria-labelledby="mp-title">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="mp-title" className="text-lg font-bold">
            {SETTINGS_TEXT.mercadoPago}
          </h2>
          {status.linked ? (
            <p className="mt-1 text-sm" data-testid="mp-status">
              <span className="badge badge-success mr-2">{SETTINGS_TEXT.linked}</span>
              {SETTINGS_TEXT.account} {status.mp_user_id}
              {SETTINGS_TEXT.linkedHint}
            </p>
          ) : (
            <p className="mt-1 text-sm" data-testid="mp-status">
              <span className="badge badge-ghost mr-2">{SETTINGS_TEXT.notLinked}</span>
              {SETTINGS_TEXT.linkHint}
            </p>
          )}
          {status.linked && status.expires_at && (
            <p className="mt-1 text-xs text-base-content/60">
              {SETTINGS_TEXT.renewsUntil} {formatLongDate(status.expires_at)}.
            </p>
          )}
          {status.refresh_failed && (
            <p className="mt-2 text-sm text-warning">{SETTINGS_TEXT.noPudimosRenovarAutorizacion}</p>
          )}
          {!status.app_configured && <p className="mt-2 text-sm text-warning">{SETTINGS_TEXT.platformNotConfigured}</p>}
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn btn-primary" onClick={link} disabled={busy || !status.app_configured}>
            {status.linked ? SETTINGS_TEXT.relink : SETTINGS_TEXT.link}
          </button>
          {status.linked && (
            <button type="button" className="btn btn-ghost" onClick={() => setAsking(true)} disabled={busy}>
              {SETTINGS_TEXT.unlink}
            </button>
          )}
        </div>
      </div>
      {problem && (
        <p role="alert" className="alert alert-error mt-3">
          {problem}
        </p>
      )}
      {asking && (
        <ConfirmDialog
          title={SETTINGS_TEXT.unlinkTitle}
          text={SETTINGS_TEXT.unlinkText}
          tone="danger"
          confirmLabel={SETTINGS_TEXT.unlink}
          onConfirm={unlink}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
