import type { AstroGlobal } from 'astro';

/**
 * A page opened from an e-mail's link (`?token=`: a team invitation, a ticket transfer). Its answer depends on
 * the token and the session, so it is never cached. `here` is the page with its token, to come back to after
 * signing in; `next` the same, ready for a `next=` parameter.
 */
export function linkPage(astro: AstroGlobal) {
  astro.response.headers.set('cache-control', 'private, no-store');
  const here = astro.url.pathname + astro.url.search;
  return {
    token: astro.url.searchParams.get('token') ?? '',
    session: astro.locals.session,
    here,
    next: encodeURIComponent(here),
  };
}
