import type { ReactNode } from 'react';

/**
 * The horizontal scroll box around a wide table. It is a named region that takes focus, so a keyboard user can
 * reach it and scroll it with the arrow keys when the table is wider than a phone (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must take focus for the keyboard to scroll it.
    <section aria-label={label} tabIndex={0} className={className ? `overflow-x-auto ${className}` : 'overflow-x-auto'}>
      {children}
    </section>
  );
}
