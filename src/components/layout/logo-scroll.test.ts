import { describe, expect, it } from 'vitest';
import { nextLogoState } from './logo-scroll';

const run = (ys: number[]) => ys.reduce((s, y) => nextLogoState(s, y), { hidden: false, lastY: 0 });

describe('floating logo on scroll', () => {
  it('hides on scrolling down beyond 20 px', () => {
    expect(run([60]).hidden).toBe(true);
  });

  it('stays while scrolling down within the first 20 px', () => {
    expect(run([18]).hidden).toBe(false);
  });

  it('ignores moves of 5 px or less', () => {
    expect(run([100, 104]).lastY).toBe(100);
    expect(run([100, 96]).hidden).toBe(true);
  });

  it('shows on scrolling up by more than 5 px', () => {
    expect(run([100, 90]).hidden).toBe(false);
  });

  it('adds small moves up until they pass the threshold', () => {
    expect(run([100, 97, 94]).hidden).toBe(false);
  });
});
