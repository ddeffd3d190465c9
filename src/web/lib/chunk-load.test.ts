import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunkWithTimeout } from './chunk-load.ts';

describe('loadChunkWithTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('passes a chunk through when it arrives in time', async () => {
    await expect(loadChunkWithTimeout(() => Promise.resolve('module'), 1000)).resolves.toBe('module');
  });

  it('rejects with a ChunkLoadError when the chunk hangs past the time-out', async () => {
    vi.useFakeTimers();
    const loading = loadChunkWithTimeout(() => new Promise<never>(() => undefined), 120_000);
    const assertion = expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
  });
});

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://shop/assets/home-abc.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: https://shop/assets/home-abc.js',
    'Unable to preload CSS for /assets/home.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('recognises the time-out and leaves other errors alone', () => {
    expect(isChunkLoadError(new ChunkLoadError('slow'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
