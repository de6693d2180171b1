import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export type DialogProps = {
  /** The visible heading; it names the dialog. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The id of what describes the dialog (a confirmation's text). */
  describedBy?: string;
  /** Shows a "✕" button with this name in the heading row. */
  closeLabel?: string;
  /** A click outside the box closes it (off where typed text would be lost, as in a reason). */
  closeOnBackdrop?: boolean;
  maxWidth?: number;
  /** Passed on as `data-tone` (styles and tests tell a destructive dialog apart). */
  tone?: string;
  /**
   * Keeps the box's top edge in place while it grows (a long form whose messages appear as the person types):
   * a centred box would move up by half of every new line, under the person's finger.
   */
  anchorTop?: boolean;
};

/**
 * The one frame of the app's modal dialogs (the confirmations and the account dialogs): role=dialog with
 * aria-modal, named by its heading; focus moves in (the `autofocus` control, else the first field, else the
 * first button), Tab and Shift+Tab stay inside, Escape closes, and focus goes back to the opener. It is
 * rendered into <body>, so no table or scroll box around the opener clips it. Not the native <dialog> in the
 * top layer: that would make the toasts, which live outside it, inert and hidden behind it.
 */
export function Dialog({
  title,
  onClose,
  children,
  describedBy,
  closeLabel,
  closeOnBackdrop = false,
  maxWidth,
  tone,
  anchorTop = false,
}: DialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const root = box.current;
    const target =
      root?.querySelector<HTMLElement>('[autofocus]') ??
      root?.querySelector<HTMLElement>('input:not([disabled]), textarea:not([disabled]), select:not([disabled])') ??
      root?.querySelector<HTMLElement>('button:not([disabled])') ??
      root;
    target?.focus();
    return () => opener?.focus?.();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      e.preventDefault();
      return;
    }
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.shiftKey && at <= 0) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (at === -1 || at === items.length - 1)) {
      e.preventDefault();
      first.focus();
    }
  };

  const frame = (
    // A press on the dimmed page keeps focus in the dialog (else it would fall to <body>, out of the trap);
    // the page under it is not reachable, so there is nothing for the keyboard to do here.
    // biome-ignore lint/a11y/noStaticElementInteractions: it only keeps focus where it is.
    <div
      className={anchorTop ? 'modal modal-open items-start' : 'modal modal-open'}
      role="presentation"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) e.preventDefault();
      }}
    >
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        data-tone={tone}
        tabIndex={-1}
        className={`modal-box w-11/12 outline-none ${anchorTop ? 'mt-4 max-h-[calc(100dvh-2rem)] sm:mt-[6dvh] sm:max-h-[88dvh]' : ''}`}
        style={maxWidth ? { maxWidth } : undefined}
        onKeyDown={onKeyDown}
      >
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-xl font-bold">
            {title}
          </h2>
          {closeLabel && (
            <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label={closeLabel} onClick={onClose}>
              ✕
            </button>
          )}
        </div>
        {children}
      </div>
      {closeOnBackdrop && (
        <button type="button" className="modal-backdrop" aria-label={closeLabel} tabIndex={-1} onClick={onClose} />
      )}
    </div>
  );
  // Dialogs open on a user's action, so never in the server's HTML.
  return typeof document === 'undefined' ? frame : createPortal(frame, document.body);
}
