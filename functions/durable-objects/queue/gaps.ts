/**
 * Empty places of the queue (issue 35): a place whose account was deleted before it was let in. Admission goes by
 * place number (`admitted_through`), so without this an empty place would take an admission of the rate (and a
 * minute of everyone's wait) from the next person. Each gap is a row here until admission passes it; a deleted
 * pre-queue place becomes one when the draw gives its number a place nobody holds. Usually empty, so the reads
 * below cost one lookup of an empty index.
 */

export const GAPS_SCHEMA = 'create table if not exists gaps (position integer primary key) without rowid;';

/** A place nobody holds any more (not admitted yet). */
export function addGap(sql: SqlStorage, position: number) {
  sql.exec('insert or ignore into gaps (position) values (?)', position);
}

/** How many empty places lie after `after` up to `through` (both place numbers). */
export function gapsBetween(sql: SqlStorage, after: number, through: number): number {
  if (through <= after) return 0;
  return sql
    .exec<{ n: number }>('select count(*) as n from gaps where position > ? and position <= ?', after, through)
    .one().n;
}

/**
 * The last place number an admission of `admit` people reaches from `after`, passing over the empty places (never
 * beyond `last`). The gaps passed are forgotten.
 */
export function admitThrough(sql: SqlStorage, after: number, admit: number, last: number): number {
  let end = Math.min(last, after + admit);
  for (;;) {
    const next = Math.min(last, after + admit + gapsBetween(sql, after, end));
    if (next === end) break;
    end = next;
  }
  sql.exec('delete from gaps where position <= ?', end);
  return end;
}
