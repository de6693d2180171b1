/**
 * Taps before a page's script is live (issue 31). The page's HTML shows its buttons long before their
 * script runs on a slow phone, and a tap on a button nobody listens to yet is lost. This tiny script,
 * inline at the top of <body> (so it runs before anything is drawn), remembers taps on controls marked
 * `data-early="<owner>"`; each owner's script replays them once it is live (`takeEarlyTaps`) and drops the
 * mark, so later taps go to it alone. Links need none of this: they work on their own.
 * Its hash is allowed by the pages' security policy (astro.config.mjs computes it from this text).
 */
export const EARLY_TAPS_SCRIPT =
  "addEventListener('click',function(e){var t=e.target.closest&&e.target.closest('[data-early]');if(t)(self.__earlyTaps=self.__earlyTaps||[]).push(t)},true)";

type EarlyWindow = { __earlyTaps?: Element[] };

/** Where an owner's controls live: the document, or its own element. */
type EarlyRoot = { contains(node: Node | null): boolean; querySelectorAll(selectors: string): NodeListOf<Element> };

/**
 * The controls of `owner` tapped before it was live, in tap order (taken: asked again, they are gone), and
 * the owner's controls under `root` unmarked from now on.
 */
export function takeEarlyTaps(owner: string, root: EarlyRoot = document): Element[] {
  const early = globalThis as EarlyWindow;
  const all = early.__earlyTaps ?? [];
  const mine = all.filter((el) => el.getAttribute('data-early') === owner && (root === document || root.contains(el)));
  early.__earlyTaps = all.filter((el) => !mine.includes(el));
  for (const el of root.querySelectorAll(`[data-early="${owner}"]`)) el.removeAttribute('data-early');
  return mine;
}
