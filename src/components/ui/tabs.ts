import { type KeyboardEvent, useRef } from 'react';

/**
 * The WAI-ARIA tabs pattern (automatic activation) for any row of tabs: ← and → move to the previous and next tab
 * (wrapping), Home and End to the first and last, each selecting it and taking the focus; only the selected tab is
 * in the Tab order (roving tabindex), so Tab goes on to its panel. The caller owns which tab is selected
 * (`onSelect`) and draws the buttons and panels with the props given here. `hasPanel` says which tabs' panels
 * are in the page (aria-controls must name an element that exists).
 */
export function useTabs<Id extends string | number>({
  label,
  idPrefix,
  ids,
  selected,
  onSelect,
  hasPanel = (id) => id === selected,
}: {
  /** The tab list's accessible name. */
  label: string;
  idPrefix: string;
  ids: readonly Id[];
  selected: Id;
  onSelect: (id: Id) => void;
  hasPanel?: (id: Id) => boolean;
}) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${idPrefix}-tab-${id}`;
  const panelId = (id: Id) => `${idPrefix}-panel-${id}`;

  function onKeyDown(e: KeyboardEvent) {
    const at = ids.indexOf(selected);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: ids.length - 1 }[e.key];
    if (to === undefined || ids.length === 0) return;
    e.preventDefault();
    const next = ids[(to + ids.length) % ids.length];
    onSelect(next);
    buttons.current.get(next)?.focus();
  }

  return {
    listProps: { role: 'tablist' as const, 'aria-label': label, onKeyDown },
    tabProps: (id: Id) => ({
      ref: (el: HTMLButtonElement | null) => {
        if (el) buttons.current.set(id, el);
        else buttons.current.delete(id);
      },
      type: 'button' as const,
      role: 'tab' as const,
      id: tabId(id),
      'aria-selected': id === selected,
      'aria-controls': hasPanel(id) ? panelId(id) : undefined,
      tabIndex: id === selected ? 0 : -1,
      onClick: () => onSelect(id),
    }),
    panelProps: (id: Id) => ({
      role: 'tabpanel' as const,
      id: panelId(id),
      'aria-labelledby': tabId(id),
      hidden: id !== selected,
    }),
  };
}
