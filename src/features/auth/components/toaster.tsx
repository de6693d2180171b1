import { useStore } from '@nanostores/react';
import { $toasts, dismissToast, type ToastKind } from '../../../stores/toast';

const STYLE: Record<ToastKind, string> = { success: 'alert-success', error: 'alert-error', info: 'alert-info' };

/** Renders the toasts. Errors are announced at once (role=alert), the rest politely (role=status). */
export function Toaster() {
  const toasts = useStore($toasts);
  return (
    <div className="toast toast-top toast-center z-[1100] w-max max-w-[95vw]" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} role={t.kind === 'error' ? 'alert' : 'status'} className={`alert ${STYLE[t.kind]} shadow-lg`}>
          <div className="flex flex-col">
            <span className="font-semibold">{t.title}</span>
            {t.detail && <span className="text-sm">{t.detail}</span>}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-xs"
            aria-label="Cerrar aviso"
            onClick={() => dismissToast(t.id)}
          >
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
