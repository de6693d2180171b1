/** One figure of the dashboard. */
export function FigureCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-box bg-base-200 p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-2xl font-extrabold tabular-nums">{value}</p>
      {hint && <p className="text-xs text-muted">{hint}</p>}
    </div>
  );
}
