import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A window with just the timers afterFirstContent uses, with or without idle callbacks (Safari has none). */
function stubWindow({ idleCallbacks }: { idleCallbacks: boolean }) {
  const fakeWindow = {
    setTimeout: (callback: () => void, delay?: number) => setTimeout(callback, delay),
    clearTimeout: (handle: number) => clearTimeout(handle),
    ...(idleCallbacks && {
      requestIdleCallback: vi.fn((callback: () => void) => setTimeout(callback, 50) as unknown as number),
      cancelIdleCallback: vi.fn((handle: number) => clearTimeout(handle)),
    }),
  };
  vi.stubGlobal('window', fakeWindow);
  return fakeWindow;
}

// The module remembers that content was shown, so every test starts from a fresh copy.
const freshModule = async () => {
  vi.resetModules();
  return import('./after-first-content.ts');
};

describe('afterFirstContent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the first content and then for an idle moment', async () => {
    const fakeWindow = stubWindow({ idleCallbacks: true });
    const { afterFirstContent, markFirstContentShown } = await freshModule();
    const run = vi.fn();
    afterFirstContent(run);
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();

    markFirstContentShown();
    expect(fakeWindow.requestIdleCallback).toHaveBeenCalledWith(run, { timeout: 1000 });
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledOnce();

    markFirstContentShown();
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledOnce();
  });

  it('only waits for an idle moment once content has been shown (later pages)', async () => {
    stubWindow({ idleCallbacks: true });
    const { afterFirstContent, markFirstContentShown } = await freshModule();
    markFirstContentShown();
    const run = vi.fn();
    afterFirstContent(run);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledOnce();
  });

  it('falls back to a timer where idle callbacks do not exist', async () => {
    stubWindow({ idleCallbacks: false });
    const { afterFirstContent, markFirstContentShown } = await freshModule();
    const run = vi.fn();
    afterFirstContent(run);
    markFirstContentShown();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledOnce();
  });

  it('can be cancelled before the content is shown or while waiting for idle time', async () => {
    stubWindow({ idleCallbacks: true });
    const { afterFirstContent, markFirstContentShown } = await freshModule();
    const beforeContent = vi.fn();
    const whileIdle = vi.fn();
    const cancelBeforeContent = afterFirstContent(beforeContent);
    const cancelWhileIdle = afterFirstContent(whileIdle);
    cancelBeforeContent();
    markFirstContentShown();
    cancelWhileIdle();
    vi.advanceTimersByTime(10_000);
    expect(beforeContent).not.toHaveBeenCalled();
    expect(whileIdle).not.toHaveBeenCalled();
  });
});
