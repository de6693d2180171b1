import { type ReactNode, useEffect, useId, useRef } from 'react';
import { AUTH_TEXT } from '../../../shared/messages-auth';

type Props = { title: string; maxWidth: number; onClose: () => void; children: ReactNode };

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]';

/**
 * A modal dialog (role=dialog, named by its title). Not the native <dialog> in the top layer: that
 * would make the toasts, which live outside it, inert and hidden. Focus is trapped and restored here.
 */
export function Modal({ title, maxWidth, onClose, children }: Props) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const target = box.current?.querySelector<HTMLElement>('input') ?? box.current?.querySelector('button');
    target?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="modal modal-open" role="presentation">
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="modal-box w-11/12"
        style={{ maxWidth }}
        onKeyDown={onKeyDown}
      >
        <div className="mb-4 flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-circle"
            aria-label={AUTH_TEXT.close}
            onClick={onClose}
          >
            ✕
          </button>
        </div>
        {children}
      </div>
      <button type="button" className="modal-backdrop" aria-label={AUTH_TEXT.close} tabIndex={-1} onClick={onClose} />
    </div>
  );
}
