// The Worker's cron triggers for a local instance (scripts/start.mjs): wrangler dev never fires them
// ("Scheduled Workers are not automatically triggered during local development"), so the start script asks
// the local runtime to, at each minute a configured expression names, as Cloudflare does.

/** Whether one field of a cron expression (`*`, `5`, `1-5`, `*\/15`, `0,30`) takes `value`. */
function fieldMatches(field, value, min) {
  return field.split(',').some((part) => {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    let from;
    let to;
    if (range === '*') [from, to] = [min, Number.POSITIVE_INFINITY];
    else if (range.includes('-')) [from, to] = range.split('-').map(Number);
    else [from, to] = [Number(range), stepText === undefined ? Number(range) : Number.POSITIVE_INFINITY];
    return value >= from && value <= to && (value - from) % step === 0;
  });
}

/**
 * Whether a five-field cron expression (minute hour day-of-month month day-of-week, UTC, as Cloudflare reads
 * it) fires at `date`'s minute. Numbers, `*`, ranges, steps and lists; names (JAN, MON) and L/W/# are not
 * understood and never match (a warning says so once).
 */
export function cronMatches(expression, date) {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5 || /[A-Za-z#?]/.test(expression)) return false;
  const [minute, hour, day, month, weekday] = fields;
  return (
    fieldMatches(minute, date.getUTCMinutes(), 0) &&
    fieldMatches(hour, date.getUTCHours(), 0) &&
    fieldMatches(day, date.getUTCDate(), 1) &&
    fieldMatches(month, date.getUTCMonth() + 1, 1) &&
    fieldMatches(weekday, date.getUTCDay(), 0)
  );
}

/**
 * Fires the Worker's scheduled handler at `origin` for each of `crons` at every minute it names, until the
 * process ends. Runs one minute at a time (a slow run delays the next, never overlaps it, like a single
 * Worker would) through workerd's local trigger, `/cdn-cgi/local/scheduled` (wrangler dev serves it).
 * `log` reports each run's failure.
 */
export async function runCrons(origin, crons, log = console) {
  const unknown = crons.filter((c) => c.trim().split(/\s+/).length !== 5 || /[A-Za-z#?]/.test(c));
  if (unknown.length) log.warn(`• Cron expressions this script does not run locally: ${unknown.join(', ')}`);
  for (;;) {
    const now = Date.now();
    const minute = Math.floor(now / 60_000) * 60_000 + 60_000;
    await new Promise((r) => setTimeout(r, minute - now));
    for (const cron of crons) {
      if (!cronMatches(cron, new Date(minute))) continue;
      const url = `${origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(cron)}&time=${minute}`;
      const res = await fetch(url).catch((err) => ({ ok: false, status: String(err) }));
      if (!res.ok) log.warn(`• The scheduled job (${cron}) failed: ${res.status}`);
    }
  }
}
