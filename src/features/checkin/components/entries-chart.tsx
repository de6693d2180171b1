import { formatTime } from '../../../shared/dates';
import { DOOR_TEXT } from '../../../shared/messages/checkin';

/**
 * Entries per minute as a small bar chart, drawn as inline SVG (no chart library for one chart). The
 * minutes without entries between the first and the last one are drawn as empty bars.
 */
export function EntriesChart({ timeline }: { timeline: { minute: string; n: number }[] }) {
  if (timeline.length === 0) return <p className="text-muted">{DOOR_TEXT.nobodyYet}</p>;
  const counts = new Map(timeline.map((t) => [t.minute, t.n]));
  const start = new Date(`${timeline[0].minute}:00Z`).getTime();
  const end = new Date(`${timeline[timeline.length - 1].minute}:00Z`).getTime();
  // At most the last 180 minutes.
  const from = Math.max(start, end - 179 * 60_000);
  const bars: { at: number; n: number }[] = [];
  for (let at = from; at <= end; at += 60_000)
    bars.push({ at, n: counts.get(new Date(at).toISOString().slice(0, 16)) ?? 0 });
  const max = Math.max(...bars.map((b) => b.n));
  const width = 600;
  const height = 160;
  const barWidth = width / bars.length;
  const total = bars.reduce((sum, b) => sum + b.n, 0);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        className="w-full"
        role="img"
        aria-label={DOOR_TEXT.entriesChart(total, max)}
      >
        {bars.map((b) => {
          const h = max === 0 ? 0 : (b.n / max) * height;
          return (
            <rect
              key={b.at}
              x={bars.indexOf(b) * barWidth + 1}
              y={height - h}
              width={Math.max(1, barWidth - 2)}
              height={h}
              className="fill-accent"
            >
              <title>{`${formatTime(new Date(b.at))}: ${b.n}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 16} className="fill-current text-[12px]">
          {formatTime(new Date(from))}
        </text>
        <text x={width} y={height + 16} textAnchor="end" className="fill-current text-[12px]">
          {formatTime(new Date(end))}
        </text>
      </svg>
      <figcaption className="text-sm text-muted">{DOOR_TEXT.entriesCaption(max)}</figcaption>
    </figure>
  );
}
