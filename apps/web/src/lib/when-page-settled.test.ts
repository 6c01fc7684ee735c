import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe('whenPageSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the task a few seconds after the load, and says the page has settled from then on', async () => {
    const { hasPageSettled, whenPageSettled } = await import('./when-page-settled');
    const task = vi.fn();
    // jsdom's document has loaded: the delay counts from now.
    whenPageSettled(task);
    expect(hasPageSettled()).toBe(false);
    vi.advanceTimersByTime(2_999);
    expect(task).not.toHaveBeenCalled();
    expect(hasPageSettled()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledOnce();
    expect(hasPageSettled()).toBe(true);
  });
});
