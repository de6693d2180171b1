import { type RefObject, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';

/**
 * Early input (issue 31). An island's HTML arrives long before its script on a slow phone, and people type,
 * tick and pick as soon as a control shows. React keeps what the DOM holds while it hydrates, but the
 * island's state still has the server's value, so the next render of that control (a countdown's tick, a
 * message, a validation) writes the old value back. Every controlled control of the kit (fields.tsx) adopts
 * what its element holds when it comes alive: it hands the value to its `onValue` once, as the person's
 * own edit would have.
 *
 * The adoptions of one commit are applied one after the other, each in its own synchronous render, so an
 * island whose handlers copy a whole object (`setBuyer({ ...buyer, phone })`) still sees the previous
 * adoption: their values were read from the DOM before any of those renders.
 */
let pending: (() => void)[] = [];

function applyPending() {
  const list = pending;
  pending = [];
  for (const apply of list) flushSync(apply);
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Whether the person changed a select of the server's HTML: the server marks the rendered option `selected`;
 * with none marked (a value no option has) the browser shows the first, which nobody chose.
 */
function selectChanged(el: HTMLSelectElement) {
  const marked = [...el.options].findIndex((o) => o.defaultSelected);
  return el.selectedIndex !== (marked === -1 ? 0 : marked);
}

/**
 * A ref for a controlled control: when it comes alive by hydration, a value (or, for a checkbox or radio, a
 * `checked`) in the DOM other than the one rendered is handed to `adopt`. A radio adopts only being checked
 * (the group's other radios are unchecked by that same choice). A control first drawn in the browser holds
 * nothing earlier, and adopts nothing.
 */
export function useAdoptedControl<E extends Control>(rendered: string | boolean, adopt: (dom: never) => void) {
  const ref = useRef<E>(null);
  const latest = useRef(adopt);
  const hydrating = useRef(!useLive());
  useLayoutEffect(() => {
    latest.current = adopt;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the control comes alive
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !hydrating.current) return;
    const check = typeof rendered === 'boolean';
    const dom = check ? (el as HTMLInputElement).checked : el.value;
    if (dom === rendered || (check && el.type === 'radio' && dom === false)) return;
    if (el.tagName === 'SELECT' && !selectChanged(el as HTMLSelectElement)) return;
    if (pending.length === 0) queueMicrotask(applyPending);
    pending.push(() => (latest.current as (value: string | boolean) => void)(dom));
  }, []);
  return ref as RefObject<E>;
}

const never = () => () => undefined;

/**
 * Whether the island is live: false in the server's HTML and while React hydrates it (so both agree), true
 * right after; true at once for what is only ever drawn in the browser (the account dialogs). A button that
 * would do nothing before then is shown disabled with "Cargando…" (`SubmitButton` in fields.tsx) instead of
 * taking a tap and ignoring it.
 */
export function useLive() {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * Something that depends on the clock or the browser (a countdown, "hace 2 min"): undefined in the server's
 * HTML and the first browser render (so hydration never mismatches), then `read()` and again every
 * `everyMs` when given.
 */
export function useBrowserValue<T>(read: () => T, everyMs?: number): T | undefined {
  const [value, setValue] = useState<T>();
  const latest = useRef(read);
  latest.current = read;
  useEffect(() => {
    setValue(latest.current());
    if (!everyMs) return;
    const timer = setInterval(() => setValue(latest.current()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return value;
}
