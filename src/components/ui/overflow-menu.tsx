import { type CSSProperties, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

export type MenuAction = {
  label: string;
  /** A link (navigates) or an action (runs); one of the two. */
  href?: string;
  onSelect?: () => void;
  /** Destructive (cancel, delete): shown last, apart, in red. */
  danger?: boolean;
};

/**
 * The "⋯" menu of a row's secondary actions: a disclosure button (named "Más acciones de …") that shows a
 * list of links and buttons. Escape or a click outside closes it and focus goes back to the button.
 * Destructive actions come last, after a separator, styled as such. The list is placed against the viewport
 * (fixed), under the button or above it when there is no room below, so a table's scrolling container never
 * clips it; it follows the button when the page or a table scrolls.
 */
export function OverflowMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [place, setPlace] = useState<CSSProperties>({});
  useLayoutEffect(() => {
    if (!open) return;
    const reposition = () => {
      if (!button.current || !list.current) return;
      const at = button.current.getBoundingClientRect();
      const height = list.current.offsetHeight;
      const below = at.bottom + 4 + height <= window.innerHeight || at.top - 4 - height < 0;
      setPlace({
        position: 'fixed',
        right: Math.max(8, window.innerWidth - at.right),
        top: below ? at.bottom + 4 : at.top - 4 - height,
      });
    };
    reposition();
    // It follows its button when the page or a table scrolls.
    window.addEventListener('scroll', reposition, { capture: true, passive: true });
    window.addEventListener('resize', reposition);
    return () => {
      window.removeEventListener('scroll', reposition, { capture: true });
      window.removeEventListener('resize', reposition);
    };
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const outside = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('click', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('click', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);
  if (actions.length === 0) return null;
  const safe = actions.filter((a) => !a.danger);
  const danger = actions.filter((a) => a.danger);
  const item = (a: MenuAction) => {
    const className = a.danger ? 'text-error' : undefined;
    return (
      <li key={a.label}>
        {a.href ? (
          <a href={a.href} className={className}>
            {a.label}
          </a>
        ) : (
          <button
            type="button"
            className={className}
            onClick={() => {
              setOpen(false);
              a.onSelect?.();
            }}
          >
            {a.label}
          </button>
        )}
      </li>
    );
  };
  return (
    <div ref={root} className="relative inline-block">
      <button
        ref={button}
        type="button"
        className="btn btn-sm btn-ghost btn-square"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      <ul
        ref={list}
        id={id}
        hidden={!open}
        style={place}
        className="menu z-30 w-56 rounded-box border border-white/10 bg-base-200 p-2 shadow-xl"
      >
        {safe.map(item)}
        {safe.length > 0 && danger.length > 0 && <li aria-hidden="true" className="my-1 border-t border-white/10" />}
        {danger.map(item)}
      </ul>
    </div>
  );
}
