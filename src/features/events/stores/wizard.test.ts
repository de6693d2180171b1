import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../shared/messages/common';
import { EVENT_FORM_TEXT, WIZARD_MSG } from '../../../shared/messages/events';
import { ApiError } from '../../../shared/provider-result';
import { $toasts } from '../../../stores/toast';
import { getManagedEvent } from '../api/get-managed-event';
import { getMyProducers } from '../api/get-my-producers';
import { getVenues } from '../api/get-venues';
import { publishEvent } from '../api/publish-event';
import { createEvent, updateEvent } from '../api/save-event';
import { createWizard, LEAVE_MS, STEPS, type Wizard } from './wizard';

vi.mock('../api/get-managed-event', () => ({ getManagedEvent: vi.fn() }));
vi.mock('../api/get-my-producers', () => ({ getMyProducers: vi.fn() }));
vi.mock('../api/get-venues', () => ({ getVenues: vi.fn() }));
vi.mock('../api/publish-event', () => ({ publishEvent: vi.fn() }));
vi.mock('../api/save-event', () => ({ createEvent: vi.fn(), updateEvent: vi.fn() }));
vi.mock('../api/upload-image', () => ({ uploadImage: vi.fn() }));

const producer = (id: number, extra: object = {}) => ({
  id,
  name: `Productora ${id}`,
  role: 'ADMIN',
  named_tickets: false,
  trusted: false,
  ...extra,
});

let wizard: Wizard;
let stop: () => void;
const settle = () => vi.advanceTimersByTimeAsync(0);

async function open(eventId?: number) {
  wizard = createWizard({ eventId });
  stop = wizard.start();
  await settle();
}

/** Fills what the first three steps need (the checks then find nothing). */
function complete(w: Wizard) {
  w.update({ title: 'Recital', category: 'Música', description: 'Un recital.' });
  w.updateVenue({ name: 'Teatro', address: 'Calle 1', city: 'Rosario', provinces_id: '21' });
  w.updateDate(0, { starts_at: '2030-05-01T21:00' });
  w.updateTicket(0, 0, { price: '15.000', capacity: '300' });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('history', { replaceState: vi.fn() });
  vi.stubGlobal('location', { assign: vi.fn() });
  $toasts.set([]);
  vi.mocked(getMyProducers).mockResolvedValue([producer(1), producer(2, { named_tickets: true })] as never);
  vi.mocked(getVenues).mockResolvedValue([]);
});

afterEach(() => {
  stop?.();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the wizard store: steps', () => {
  it('going forward stops at the first step with errors, marks it and asks focus on its first wrong field', async () => {
    await open();
    wizard.goToStep(3);
    expect(wizard.$step.get()).toBe(0);
    expect(wizard.$problem.get()).toBe(WIZARD_MSG.fixStep(STEPS[0]));
    expect([...wizard.$flagged.get()]).toEqual([0, 1, 2]);
    expect(wizard.$errors.get().title).toBeDefined();
    expect(wizard.$focus.get()?.to).toBe('error');
    // With the first step right, the same jump lands on the second, which still has errors.
    wizard.update({ title: 'Recital', category: 'Música', description: 'Un recital.' });
    wizard.goToStep(3);
    expect(wizard.$step.get()).toBe(1);
    expect([...wizard.$flagged.get()]).toEqual([1, 2]);
    expect(wizard.$focus.get()?.to).toBe('error');
    expect(wizard.$announce.get()).toBe(WIZARD_MSG.stepAnnounce(2, STEPS.length, STEPS[1]));
  });

  it('only the steps before the target are checked, and going back is always allowed', async () => {
    await open();
    wizard.update({ title: 'Recital', category: 'Música', description: 'Un recital.' });
    wizard.next();
    expect(wizard.$step.get()).toBe(1);
    expect(wizard.$errors.get()).toEqual({});
    // Step 2 (place) is still empty: going on from it stops there.
    wizard.next();
    expect(wizard.$step.get()).toBe(1);
    expect(wizard.$problem.get()).toBe(WIZARD_MSG.fixStep(STEPS[1]));
    wizard.previous();
    expect(wizard.$step.get()).toBe(0);
    expect(wizard.$focus.get()?.to).toBe('heading');
  });

  it('a complete event reaches the preview, each step announced and its heading focused', async () => {
    await open();
    complete(wizard);
    const requests = new Set<number>();
    for (let i = 1; i < STEPS.length; i++) {
      wizard.next();
      expect(wizard.$step.get()).toBe(i);
      expect(wizard.$focus.get()?.to).toBe('heading');
      requests.add(wizard.$focus.get()?.n ?? 0);
      expect(wizard.$announce.get()).toBe(WIZARD_MSG.stepAnnounce(i + 1, STEPS.length, STEPS[i]));
    }
    expect(requests.size).toBe(STEPS.length - 1);
    expect(wizard.$problem.get()).toBeNull();
  });

  it("a new event's ticket types follow its producer: named when the first producer names them", async () => {
    vi.mocked(getMyProducers).mockResolvedValue([producer(2, { named_tickets: true }), producer(1)] as never);
    await open();
    expect(wizard.$form.get().dates[0].ticket_types[0].named).toBe(true);
    expect(wizard.$namedByDefault.get()).toBe(true);
    wizard.setProducerId(1);
    wizard.addTicket(0, wizard.$namedByDefault.get());
    expect(wizard.$form.get().dates[0].ticket_types[1]).toMatchObject({ name: '', named: false });
  });

  it("a new date copies the last one's ticket types, unsold and without ids", async () => {
    await open();
    wizard.updateTicket(0, 0, { name: 'Campo', sold: 4 });
    wizard.addDate();
    const [first, second] = wizard.$form.get().dates;
    expect(second.ticket_types).toEqual([{ ...first.ticket_types[0], sold: 0 }]);
    wizard.removeDate(0);
    expect(wizard.$form.get().dates).toHaveLength(1);
  });
});

describe('the wizard store: saving', () => {
  it('the first draft creates the event for the chosen producer and keeps its id in the address; the next ones update it', async () => {
    await open();
    wizard.setProducerId(2);
    vi.mocked(createEvent).mockResolvedValue({ data: { id: 41 } } as never);
    vi.mocked(updateEvent).mockResolvedValue({ data: { id: 41 } } as never);
    const saving = wizard.saveDraft();
    expect(wizard.$busy.get()).toBe(true);
    await saving;
    expect(wizard.$busy.get()).toBe(false);
    expect(vi.mocked(createEvent).mock.calls[0][0]).toMatchObject({ producer_id: 2, producer_name: undefined });
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/nuevo?id=41');
    expect(wizard.$eventId.get()).toBe(41);
    await wizard.saveDraft();
    expect(createEvent).toHaveBeenCalledTimes(1);
    expect(vi.mocked(updateEvent).mock.calls[0][0]).toBe(41);
    // The second save's confirmation renews the first's toast (one toast, its full time anew).
    expect($toasts.get().map((t) => t.title)).toEqual([EVENT_FORM_TEXT.draftSaved]);
  });

  it("the server's field errors go to their step; without a network it says so", async () => {
    await open();
    complete(wizard);
    wizard.goToStep(3);
    vi.mocked(createEvent).mockRejectedValueOnce(
      new ApiError(400, 'Revisá los datos', { 'venue.city': ['Indicá la ciudad.'] }),
    );
    await wizard.saveDraft();
    expect(wizard.$step.get()).toBe(1);
    expect(wizard.$errors.get()).toEqual({ 'venue.city': ['Indicá la ciudad.'] });
    expect(wizard.$problem.get()).toBe('Revisá los datos');
    expect(wizard.$focus.get()?.to).toBe('error');
    vi.mocked(createEvent).mockRejectedValueOnce(new TypeError('fetch failed'));
    await wizard.saveDraft();
    expect(wizard.$problem.get()).toBe(MSG.network);
    expect($toasts.get()).toEqual([]);
  });

  it('sending saves, publishes and opens the events list a moment after its toast', async () => {
    await open();
    complete(wizard);
    vi.mocked(createEvent).mockResolvedValue({ data: { id: 41 } } as never);
    vi.mocked(publishEvent).mockResolvedValue({ message: 'Evento enviado a revisión' } as never);
    await wizard.submit();
    expect(publishEvent).toHaveBeenCalledWith(41);
    expect($toasts.get().map((t) => t.title)).toEqual(['Evento enviado a revisión']);
    await vi.advanceTimersByTimeAsync(LEAVE_MS - 1);
    expect(location.assign).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(location.assign).toHaveBeenCalledWith('/admin/events');
  });
});

describe('the wizard store: an existing event', () => {
  it('shows the form once the event is in, with its status and the reason it was refused', async () => {
    let answer: (value: unknown) => void = () => undefined;
    vi.mocked(getManagedEvent).mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
    await open(9);
    expect(wizard.$loaded.get()).toBe(false);
    answer({
      producer_id: 1,
      status: 'rechazado',
      rejection_reason: 'Falta el flyer',
      approved_at: '2026-01-01T00:00:00Z',
      title: 'Recital',
      category: 'Música',
      description: 'x',
      min_age: null,
      cover_key: null,
      flyer_key: null,
      venue: null,
      dates: [],
    });
    await settle();
    expect(wizard.$loaded.get()).toBe(true);
    expect(wizard.$form.get().title).toBe('Recital');
    expect(wizard.$status.get()).toBe('rechazado');
    expect(wizard.$problem.get()).toBe(EVENT_FORM_TEXT.rejected('Falta el flyer'));
    // Approved before: it is published at once.
    expect(wizard.$direct.get()).toBe(true);
  });

  it('a failed load says why and loads again on request', async () => {
    vi.mocked(getManagedEvent).mockRejectedValueOnce(new ApiError(404, 'Evento inválido'));
    await open(9);
    expect(wizard.$existing.get()).toMatchObject({ error: 'Evento inválido', loading: false });
    vi.mocked(getManagedEvent).mockResolvedValueOnce({ status: 'borrador', dates: [], venue: null } as never);
    await wizard.reload();
    expect(wizard.$loaded.get()).toBe(true);
  });
});
