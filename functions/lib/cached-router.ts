import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Distinct method + path pairs remembered; the oldest is forgotten first. */
const MAX_PATHS = 512;

/**
 * Hono's default router (the regular-expression one when it can take every route, else the trie) with the
 * answers for recent paths remembered. Our route table mixes static and parameter segments in a way the
 * regular-expression router refuses, so the trie walks every request (a tenth of a hold's CPU, twice: the
 * Worker's app and the provider API). The hot paths repeat one exact path for everybody (POST /holds, a
 * door's /checkin/events/:id/scan, /queues/:id/join), so a bounded map answers them without walking.
 * A match result is only read by Hono, never changed, so sharing it between requests is safe.
 */
export class CachedRouter<T> implements Router<T> {
  readonly name = 'CachedRouter';
  readonly #inner: Router<T>;
  readonly #answers = new Map<string, Result<T>>();

  constructor(inner: Router<T> = new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })) {
    this.#inner = inner;
  }

  add(method: string, path: string, handler: T) {
    this.#answers.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let answer = this.#answers.get(key);
    if (answer === undefined) {
      answer = this.#inner.match(method, path);
      if (this.#answers.size >= MAX_PATHS) this.#answers.delete(this.#answers.keys().next().value as string);
      this.#answers.set(key, answer);
    }
    return answer;
  }
}
