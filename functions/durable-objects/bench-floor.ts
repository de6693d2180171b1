const ready = new WeakSet<SqlStorage>();

/**
 * One durable write to an object's own SQLite storage and nothing else: the floor under any call that changes
 * the object's state. The benchmarks print it beside the bare round trip (`ping`): a hold, a scan or a queue
 * join must write, so the platform's own cost of a write bounds how close they can come to a bare call.
 */
export function pingWrite(sql: SqlStorage): number {
  if (!ready.has(sql)) {
    sql.exec('create table if not exists bench_floor (id integer primary key, at integer not null)');
    ready.add(sql);
  }
  const at = Date.now();
  sql.exec('insert or replace into bench_floor (id, at) values (1, ?)', at);
  return at;
}
