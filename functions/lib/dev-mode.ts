/** Whether this Worker runs in development (DEV_MODE=1): the mailbox, the dev tools and the benchmarks' routes. */
export const isDevMode = (env: Pick<Env, 'DEV_MODE'>) => env.DEV_MODE === '1';
