import type { ReactNode } from 'react';
import { UI_MSG } from '../../shared/messages/common';

/**
 * The load/error skeleton of an island: placeholder rows while the first answer is on its way (announced
 * politely), the error with "Reintentar", then the content. Reloads keep the content on screen.
 */
export function LoadState<T>({
  state,
  rows = 3,
  children,
}: {
  state: { data: T | null; error: string | null; loading: boolean; reload: () => void };
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (state.error && state.data === null)
    return (
      <div role="alert" className="alert alert-error flex flex-wrap justify-between gap-2">
        <span>{state.error}</span>
        <button type="button" className="btn btn-sm" onClick={state.reload}>
          {UI_MSG.retry}
        </button>
      </div>
    );
  if (state.data === null)
    return (
      <div role="status" aria-live="polite" className="flex flex-col gap-3" data-loading>
        <span className="sr-only">{UI_MSG.loading}</span>
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <div key={i} className="skeleton h-12 w-full" aria-hidden="true" />
        ))}
      </div>
    );
  return <>{children(state.data)}</>;
}
