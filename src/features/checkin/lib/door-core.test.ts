import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/provider-result';
import type { Counters, OfflineBundle } from '../types';
import {
  afterCall,
  afterHint,
  initialConnectivity,
  inScanOrder,
  isHeartbeatAnswer,
  isNetworkFailure,
  isScanAnswer,
  localCounters,
  nextBatch,
  REPEAT_MS,
  RepeatGuard,
  SCAN_TIMEOUT_MS,
  scanRoute,
  TimeoutError,
  withTimeout,
} from './door-core';
import type { QueuedScan } from './door-store';

const queued = (n: number, extra: Partial<QueuedScan> = {}): QueuedScan => ({
  nonce: `n${n}`,
  event_id: 1,
  ticket_id: `t${n}`,
  list_id: 10,
  gate_id: 1,
  device: 'Equipo A',
  kind: 'entry',
  client_at: `2026-11-20T22:00:${String(n).padStart(2, '0')}.000Z`,
  local_result: 'admitted',
  ...extra,
});

describe('connectivity from outcomes', () => {
  afterEach(() => vi.useRealTimers());

  it('goes offline on a failed or slow call and back only on a call that succeeds', () => {
    let state = initialConnectivity(true, 0);
    expect(afterCall(state, 'ok', 1)).toBe(state);
    state = afterCall(state, 'slow', 2);
    expect(state).toEqual({ online: false, changedAt: 2 });
    expect(afterCall(state, 'failed', 3)).toBe(state);
    // The browser saying "online" (captive Wi-Fi, a stalled server) does not bring the badge back.
    expect(afterHint(state, true, 4)).toBe(state);
    state = afterCall(state, 'ok', 5);
    expect(state).toEqual({ online: true, changedAt: 5 });
    // The browser saying "offline" is believed at once.
    expect(afterHint(state, false, 6)).toEqual({ online: false, changedAt: 6 });
  });

  it('tells a network failure (no answer, a portal page, a server error, too slow) from a refusal of the API', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new TimeoutError())).toBe(true);
    expect(isNetworkFailure(new ApiError(0, 'x'))).toBe(true);
    expect(isNetworkFailure(new ApiError(502, 'x'))).toBe(true);
    expect(isNetworkFailure(new ApiError(403, 'No tenés permiso'))).toBe(false);
    expect(isNetworkFailure(new ApiError(409, 'Ese identificador'))).toBe(false);
    expect(isHeartbeatAnswer({ status: true, data: { service: 'boleteria-door' } })).toBe(true);
    expect(isHeartbeatAnswer('<html>Portal cautivo</html>')).toBe(false);
    expect(isHeartbeatAnswer(null)).toBe(false);
    expect(isScanAnswer({ data: { result: 'admitted' } })).toBe(true);
    expect(isScanAnswer(null)).toBe(false);
  });

  it('times a call out after the scan timeout, and lets a timely one through', async () => {
    vi.useFakeTimers();
    const stalled = withTimeout(new Promise(() => undefined), SCAN_TIMEOUT_MS);
    const caught = stalled.catch((e: unknown) => e);
    vi.advanceTimersByTime(SCAN_TIMEOUT_MS);
    expect(await caught).toBeInstanceOf(TimeoutError);
    const quick = withTimeout(Promise.resolve('ok'), SCAN_TIMEOUT_MS);
    expect(await quick).toBe('ok');
  });
});

describe('repeat suppression', () => {
  it('shows the same card for re-reads within the window, renewed by each read', () => {
    const guard = new RepeatGuard<string>();
    expect(guard.repeat('A', 0)).toBeNull();
    guard.remember('A', 'admitted', 0);
    // Filmed for 10 s, a read every 100 ms: always the first card.
    for (let t = 100; t <= 10_000; t += 100) expect(guard.repeat('A', t)).toBe('admitted');
    // Away from the camera longer than the window: a new scan.
    expect(guard.repeat('A', 10_000 + REPEAT_MS)).toBeNull();
    expect(guard.repeat('B', 10)).toBeNull();
  });

  it('keeps codes apart and forgets them on clear', () => {
    const guard = new RepeatGuard<string>(1_000);
    guard.remember('A', 'admitted', 0);
    guard.remember('B', 'used', 500);
    expect(guard.repeat('A', 900)).toBe('admitted');
    expect(guard.repeat('B', 1_400)).toBe('used');
    guard.clear();
    expect(guard.repeat('B', 1_450)).toBeNull();
  });
});

describe('queue order', () => {
  it('sends the oldest scans first, in the order they were queued for the same instant, at most 100', () => {
    const a = queued(3);
    const b = queued(1);
    const c = queued(1, { nonce: 'later' });
    expect(inScanOrder([a, b, c]).map((s) => s.nonce)).toEqual(['n1', 'later', 'n3']);
    const many = Array.from({ length: 150 }, (_, i) => queued(59 - (i % 60), { nonce: `m${i}` }));
    const batch = nextBatch(many);
    expect(batch).toHaveLength(100);
    expect(batch.every((s, i) => i === 0 || batch[i - 1].client_at <= s.client_at)).toBe(true);
  });

  it('routes a scan: queue first when there is one, local when offline', () => {
    expect(scanRoute(true, 0)).toBe('server');
    expect(scanRoute(true, 2)).toBe('sync-then-server');
    expect(scanRoute(false, 0)).toBe('local');
    expect(scanRoute(false, 5)).toBe('local');
  });
});

describe('offline counters', () => {
  const base: Counters = {
    event: { admitted: 5, expected: 20 },
    lists: [
      { id: 10, name: 'General', type_ids: [], allow_reentry: false, is_default: true, admitted: 5, expected: 20 },
    ],
    gates: [
      { id: 1, name: 'Puerta 1', admitted: 3 },
      { id: 2, name: 'Puerta 2', admitted: 2 },
    ],
  } as Counters;

  it('adds the admissions queued here to the last server figures', () => {
    const queue = [
      queued(1),
      queued(2, { gate_id: 2 }),
      queued(3, { local_result: 'refused' }),
      queued(4, { kind: 'exit' }),
    ];
    const counted = localCounters(base, null, queue)!;
    expect(counted.event).toEqual({ admitted: 7, expected: 20 });
    expect(counted.lists[0]).toMatchObject({ admitted: 7, expected: 20 });
    expect(counted.gates.map((g) => g.admitted)).toEqual([4, 3]);
    expect(base.event.admitted).toBe(5);
  });

  it('counts from the download when the server never gave figures', () => {
    /** A General ticket of order 'o' as the offline download lists it. */
    const ticket = (id: string, status: string) => ({
      id,
      type_id: 1,
      type_name: 'General',
      named: 0,
      holder: null,
      dni: null,
      order_id: 'o',
      status,
      order_status: 'paid',
      seat: null,
    });
    const bundle = {
      server_at: '2026-11-20T00:00:00Z',
      lists: [{ id: 10, name: 'General', type_ids: [], allow_reentry: false, is_default: true }],
      gates: [{ id: 1, name: 'Puerta 1' }],
      tickets: [ticket('a', 'valid'), ticket('b', 'cancelled'), ticket('c', 'valid')],
      revocations: [],
      admissions: [{ list_id: 10, ticket_id: 'a', first_at: '', gate: 'Puerta 1', staff_name: 'Ana', inside: 1 }],
    } as OfflineBundle;
    const counted = localCounters(null, bundle, [])!;
    expect(counted.event).toEqual({ admitted: 1, expected: 2 });
    expect(counted.gates[0].admitted).toBe(1);
    expect(localCounters(null, null, [])).toBeNull();
  });
});
