import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { AUTH_TEXT } from '../../../shared/messages/accounts';
import { $toasts, dismissToast, type Toast, type ToastKind } from '../../../stores/toast';

const STYLE: Record<ToastKind, string> = { success: 'alert-success', error: 'alert-error', info: 'alert-info' };

function ToastItem({ toast }: { toast: Toast }) {
  // The clock starts when the toast is on screen.
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.ms);
    return () => clearTimeout(timer);
  }, [toast.id, toast.ms]);
  return (
    <div role={toast.kind === 'error' ? 'alert' : 'status'} className={`alert ${STYLE[toast.kind]} shadow-lg`}>
      <div className="flex flex-col">
        <span className="font-semibold">{toast.title}</span>
        {toast.detail && <span className="text-sm">{toast.detail}</span>}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        aria-label={AUTH_TEXT.closeToast}
        onClick={() => dismissToast(toast.id)}
      >
        ✕
      </button>
    </div>
  );
}

/** Renders the toasts. Errors are announced at once (role=alert), the rest politely (role=status). */
export function Toaster() {
  const toasts = useStore($toasts);
  return (
    <div className="toast toast-top toast-center z-[1100] w-max max-w-[95vw]" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
