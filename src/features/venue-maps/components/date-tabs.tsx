import { type ReactNode, useState } from 'react';
import { useTabs } from '../../../components/ui/tabs';

type Tab = { id: number; label: string };

/**
 * One date at a time (WAI-ARIA tabs, components/ui/tabs.ts): the arrows, Home and End move between the tabs
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

  function select(id: number) {
    setActive(id);
    setShown((s) => (s.has(id) ? s : new Set(s).add(id)));
    const url = new URL(location.href);
    url.searchParams.set('fecha', String(id));
    history.replaceState(history.state, '', url);
  }

  const { listProps, tabProps, panelProps } = useTabs({
    label,
    idPrefix: 'date',
    ids: tabs.map((t) => t.id),
    selected: active,
    onSelect: select,
    hasPanel: (id) => shown.has(id),
  });

  return (
    <div className="flex flex-col gap-4">
      <div {...listProps} className="tabs tabs-box w-fit flex-wrap">
        {tabs.map((t) => (
          <button key={t.id} {...tabProps(t.id)} className={`tab ${t.id === active ? 'tab-active' : ''}`}>
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) =>
        shown.has(t.id) ? (
          <div key={t.id} {...panelProps(t.id)}>
            {children(t.id)}
          </div>
        ) : null,
      )}
    </div>
  );
}
