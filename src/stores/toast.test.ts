import { beforeEach, describe, expect, it } from 'vitest';
import { $toasts, dismissToast, toast } from './toast';

describe('toast', () => {
  beforeEach(() => $toasts.set([]));

  it('shows the same words once while they are waiting or on screen', () => {
    const first = toast('error', 'No tenés permiso.');
    const second = toast('error', 'No tenés permiso.');
    expect(second).toBe(first);
    expect($toasts.get()).toHaveLength(1);
  });

  it('shows them again once the first is gone, and keeps different words apart', () => {
    const first = toast('error', 'No tenés permiso.');
    toast('info', 'No tenés permiso.');
    toast('error', 'No tenés permiso.', 'Otro detalle');
    expect($toasts.get()).toHaveLength(3);
    dismissToast(first);
    toast('error', 'No tenés permiso.');
    expect($toasts.get().map((t) => t.kind)).toEqual(['info', 'error', 'error']);
  });
});
