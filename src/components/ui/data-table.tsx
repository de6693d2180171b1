import type { ReactNode } from 'react';

/**
 * A header cell: its text, or the text with `end` (a figure, aligned right) or `hidden` (read by screen
 * readers only: a row's actions). `false` or `undefined` leaves a column out (one shown only in some views).
 */
export type Column = string | { label: string; end?: boolean; hidden?: boolean } | false | undefined;

/**
 * A table of records: its header row drawn from `columns`, its rows as children. `className` carries the
 * kit's classes (`table-cards`: below 640 px each row is a card); `label` or `labelledBy` names it.
 */
export function DataTable({
  columns,
  className = 'table',
  label,
  labelledBy,
  scope,
  children,
}: {
  columns: Column[];
  className?: string;
  label?: string;
  labelledBy?: string;
  /** `col` marks each header cell as its column's. */
  scope?: 'col';
  children: ReactNode;
}) {
  return (
    <table className={className} aria-label={label} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {columns.map((column) => {
            if (!column) return null;
            const { label: text, end, hidden } = typeof column === 'string' ? { label: column } : column;
            return (
              <th key={text} scope={scope} className={end ? 'text-right' : undefined}>
                {hidden ? <span className="sr-only">{text}</span> : text}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
