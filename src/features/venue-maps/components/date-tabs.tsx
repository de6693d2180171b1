import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';

type Tab = { id: number; label: string };

/**
 * One date at a time (WAI-ARIA tabs, automatic activation): the arrows, Home and End move between the tabs
 * and select; the chosen date goes to `?fecha=` so a reload keeps it. A panel is drawn when first shown and then
 * only hidden, so what was being edited on one date survives a look at another, while dates never opened cost
 * nothing (a theatre's map per date made the page thousands of pixels tall).
 */
export function DateTabs({
  label,
  tabs,
  initial,
  children,
}: {
  label: string;
  tabs: Tab[];
  initial?: number;
  children: (id: number) => ReactNode;
}) {
  const first = tabs.some((t) => t.id === initial) ? (initial as number) : tabs[0].id;
  const [active, setActive] = useState(first);
  const [shown, setShown] = useState(() => new Set([first]));
  const buttons = useRef(new Map<number, HTMLButtonElement>());

  function select(id: number, focus = false) {
    setActive(id);
    setShown((s) => (s.has(id) ? s : new Set(s).add(id)));
    if (focus) buttons.current.get(id)?.focus();
    const url = new URL(location.href);
    url.searchParams.set('fecha', String(id));
    history.replaceState(history.state, '', url);
  }

  function onKey(e: KeyboardEvent) {
    const at = tabs.findIndex((t) => t.id === active);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    select(tabs[(to + tabs.length) % tabs.length].id, true);
  }

  return (
    <div className="flex flex-col gap-4">
      <div role="tablist" aria-label={label} className="tabs tabs-box w-fit flex-wrap" onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              if (el) buttons.current.set(t.id, el);
              else buttons.current.delete(t.id);
            }}
            type="button"
            role="tab"
            id={`date-tab-${t.id}`}
            aria-selected={t.id === active}
            aria-controls={shown.has(t.id) ? `date-panel-${t.id}` : undefined}
            tabIndex={t.id === active ? 0 : -1}
            className={`tab ${t.id === active ? 'tab-active' : ''}`}
            onClick={() => select(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) =>
        shown.has(t.id) ? (
          <div
            key={t.id}
            role="tabpanel"
            id={`date-panel-${t.id}`}
            aria-labelledby={`date-tab-${t.id}`}
            hidden={t.id !== active}
          >
            {children(t.id)}
          </div>
        ) : null,
      )}
    </div>
  );
}
