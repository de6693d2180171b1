/** Scrolls smaller than this (px) are jitter and change nothing. */
export const SCROLL_DELTA = 5;
/** Near the top of the page (px) the logo always shows. */
export const SCROLL_TOP = 20;

export type LogoState = { hidden: boolean; lastY: number };

/**
 * The floating logo (spec section 2): it hides on scrolling down by more than 5 px once beyond 20 px from
 * the top, and shows again on scrolling up. Small moves keep the state and the reference position.
 */
export function nextLogoState(state: LogoState, y: number): LogoState {
  if (Math.abs(y - state.lastY) <= SCROLL_DELTA) return state;
  const hidden = y > state.lastY && y > SCROLL_TOP;
  return { hidden, lastY: y };
}
