import { defineMiddleware } from 'astro:middleware';
import { env } from 'cloudflare:workers';
import { pageContext } from '../functions/edge/provider-client';
import { withPublicCache } from './features/events/server/public-cache';
import { guard } from './shared/guard';

/**
 * Every page request: resolve the session from the cookies (refreshing the access token when needed),
 * give the page its provider API clients (both, and the refresh, carry the visitor's address), and apply
 * the navigation guard of spec sections 2 and 6.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const { request, url, locals } = context;
  const resolved = await pageContext(env, locals.cfContext, request);
  locals.session = resolved.session;
  locals.api = resolved.api;
  locals.publicApi = resolved.publicApi;

  const decision = guard(url.pathname, url.search, resolved.session);
  const response =
    decision.kind === 'allow' ? await withPublicCache(context, next) : context.redirect(decision.to, 302);
  for (const cookie of resolved.setCookies) response.headers.append('set-cookie', cookie);
  return response;
});
