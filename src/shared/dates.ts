/**
 * Dates of events, always in America/Argentina/Buenos_Aires. Argentina keeps UTC-03:00 all year (no DST
 * since 2009), so stored times are ISO 8601 strings with a fixed `-03:00` offset, which also sort as text.
 */
import { DATE_WORDS } from './messages/common';

export const TIME_ZONE = 'America/Argentina/Buenos_Aires';
export const AR_OFFSET = '-03:00';
const OFFSET_MS = -3 * 60 * 60 * 1000;

const { weekdays: WEEKDAYS, months: MONTHS, monthsLong: MONTHS_LONG } = DATE_WORDS;

/** The wall-clock parts of an instant in Buenos Aires. */
function partsOf(value: string | Date) {
  const d = new Date(new Date(value).getTime() + OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'sáb 14 dic · 21:00' */
export function formatEventDate(value: string | Date): string {
  const p = partsOf(value);
  return `${WEEKDAYS[p.weekday]} ${p.day} ${MONTHS[p.month]} · ${pad(p.hour)}:${pad(p.minute)}`;
}

/** 'sábado 14 de diciembre de 2026' style, short: '14 de diciembre de 2026' */
export function formatLongDate(value: string | Date): string {
  const p = partsOf(value);
  return DATE_WORDS.longDate(p.day, MONTHS_LONG[p.month], p.year);
}

/** '21:00' */
export function formatTime(value: string | Date): string {
  const p = partsOf(value);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** '21:00:05': a clock that shows it just refreshed. */
export function formatClock(value: string | Date): string {
  const p = partsOf(value);
  const s = new Date(value).getUTCSeconds();
  return `${pad(p.hour)}:${pad(p.minute)}:${pad(s)}`;
}

/**
 * A hold's time left: '04:59' under an hour, '1 h 59 min' from an hour on (a waiting-list offer lasts up to a
 * day; '119:55' reads as a clock time, not as two hours).
 */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 3600) return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
  const minutes = Math.floor(s / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** '23/11/2026' */
export function formatNumericDate(value: string | Date): string {
  const p = partsOf(value);
  return `${pad(p.day)}/${pad(p.month + 1)}/${p.year}`;
}

/** '23/11/2026 20:05': spreadsheets, receipts and logs (dd/mm/aaaa HH:mm, 24 h, Buenos Aires). */
export function formatDateTime(value: string | Date): string {
  return `${formatNumericDate(value)} ${formatTime(value)}`;
}

/** 'lun 23/11' (with the year, 'lun 23/11/2026'): a day on a chart axis. */
export function formatAxisDay(value: string | Date, withYear = false): string {
  const p = partsOf(value);
  return `${WEEKDAYS[p.weekday]} ${pad(p.day)}/${pad(p.month + 1)}${withYear ? `/${p.year}` : ''}`;
}

/** The day label of a calendar badge: { day: '14', month: 'dic' }. */
export function dayBadge(value: string | Date) {
  const p = partsOf(value);
  return { day: String(p.day), month: MONTHS[p.month], weekday: WEEKDAYS[p.weekday] };
}

/** An instant as the stored form: '2026-12-14T21:00:00-03:00'. */
export function toArIso(value: string | Date): string {
  const p = partsOf(value);
  const s = new Date(new Date(value).getTime()).getUTCSeconds();
  return `${p.year}-${pad(p.month + 1)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(s)}${AR_OFFSET}`;
}

/** A `<input type="datetime-local">` value ('2026-12-14T21:00'), read as Buenos Aires time, to the stored form. */
export function localInputToIso(local: string): string | null {
  const m = local.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${AR_OFFSET}`;
  return Number.isNaN(new Date(iso).getTime()) ? null : iso;
}

/** The stored form back to a `<input type="datetime-local">` value. */
export function isoToLocalInput(iso: string): string {
  return toArIso(iso).slice(0, 16);
}

/** A 'YYYY-MM-DD' day in Buenos Aires to the instants [start of day, start of next day). */
export function dayRange(day: string): { from: string; to: string } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const from = `${day}T00:00:00${AR_OFFSET}`;
  if (Number.isNaN(new Date(from).getTime())) return null;
  return { from, to: toArIso(new Date(new Date(from).getTime() + 86_400_000)) };
}

export const DATE_FILTERS = ['hoy', 'fin-de-semana', 'este-mes'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

/**
 * The instants [from, to) a date filter covers, seen from `now` in Buenos Aires. The weekend runs from
 * Friday 18:00 to Monday 00:00 (when `now` is already in it, from `now`).
 */
export function dateFilterRange(filter: DateFilter, now: Date = new Date()): { from: string; to: string } {
  const p = partsOf(now);
  const today = `${p.year}-${pad(p.month + 1)}-${pad(p.day)}`;
  const startOfToday = new Date(`${today}T00:00:00${AR_OFFSET}`).getTime();
  const nowIso = toArIso(now);
  if (filter === 'hoy') return { from: nowIso, to: toArIso(new Date(startOfToday + 86_400_000)) };
  if (filter === 'este-mes') {
    const next = p.month === 11 ? `${p.year + 1}-01-01` : `${p.year}-${pad(p.month + 2)}-01`;
    return { from: nowIso, to: `${next}T00:00:00${AR_OFFSET}` };
  }
  // Days until Friday (5); Saturday and Sunday belong to the current weekend.
  const daysToFriday = p.weekday === 6 ? -1 : p.weekday === 0 ? -2 : 5 - p.weekday;
  const friday = startOfToday + daysToFriday * 86_400_000;
  const from = Math.max(friday + 18 * 3_600_000, now.getTime());
  return { from: toArIso(new Date(from)), to: toArIso(new Date(friday + 3 * 86_400_000)) };
}
