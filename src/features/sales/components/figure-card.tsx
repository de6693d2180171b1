/** One figure of the dashboard: a term (the label) and its value, so a screen reader reads them as a pair. */
export function FigureCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <dl className="rounded-box bg-base-200 p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold tabular-nums">{value}</dd>
      {hint && <dd className="text-xs text-muted">{hint}</dd>}
    </dl>
  );
}
