import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../lib/api';

export type DataState<T> = {
  data: T | null;
  error: string | null;
  loading: boolean;
  /** Loads again (the latest call wins); resolves once this call's answer is in (or was replaced). */
  reload: () => Promise<void>;
  /** Replaces the data in place (after a mutation answered the new value); loads on their way are dropped. */
  setData: (data: T) => void;
};

/**
 * Loads data for an island and keeps only the newest answer: a response to a request that a later one
 * replaced (the filters changed, the user typed on) is dropped, so a slow old answer never overwrites a
 * fresh one. `key` says when to load again (the loader's inputs, serialised). Errors are worded by
 * `messageOf` (the API's Spanish message, the network message, else the generic one).
 */
export function useData<T>(load: () => Promise<T>, key: string | number, options: { initial?: T } = {}): DataState<T> {
  // `initial`: data the server already rendered (shown at once; the first load refreshes it).
  const [data, setData] = useState<T | null>(options.initial ?? null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(options.initial === undefined);
  const latest = useRef(0);
  const loader = useRef(load);
  loader.current = load;
  const run = useCallback(() => {
    const ticket = ++latest.current;
    setLoading(true);
    setError(null);
    return loader.current().then(
      (answer) => {
        if (ticket !== latest.current) return;
        setData(answer);
        setLoading(false);
      },
      (err: unknown) => {
        if (ticket !== latest.current) return;
        setError(messageOf(err));
        setLoading(false);
      },
    );
  }, []);
  // A new key (the loader's inputs, e.g. the filters serialised) loads again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the trigger, not read in the body.
  useEffect(() => {
    run();
    // A response arriving after unmount is dropped too.
    return () => {
      latest.current++;
    };
  }, [run, key]);
  // A value set in place (a mutation's answer) is newer than any load still on its way: those are dropped.
  const replace = useCallback((value: T) => {
    latest.current++;
    setData(value);
    setError(null);
    setLoading(false);
  }, []);
  return { data, error, loading, reload: run, setData: replace };
}
