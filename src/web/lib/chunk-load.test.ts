import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, loadChunkWithTimeout } from './chunk-load.ts';

describe('loadChunkWithTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('passes a chunk through when it arrives in time', async () => {
    await expect(loadChunkWithTimeout(() => Promise.resolve('module'), 1000)).resolves.toBe('module');
  });

  it('rejects with a ChunkLoadError when the chunk hangs past the time-out, and not before', async () => {
    vi.useFakeTimers();
    let outcome: unknown = 'pending';
    loadChunkWithTimeout(() => new Promise<never>(() => undefined), 120_000).catch(
      (error: unknown) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkLoadError);
    expect((outcome as Error).message).toBe('Loading part of the page took longer than 120 seconds.');
  });

  it('waits the shop’s 120 seconds when given no time-out', async () => {
    vi.useFakeTimers();
    let outcome: unknown = 'pending';
    loadChunkWithTimeout(() => new Promise<never>(() => undefined)).catch((error: unknown) => (outcome = error));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkLoadError);
  });

  it('passes a chunk’s own load error through unchanged', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: https://shop/assets/home-abc.js');
    await expect(loadChunkWithTimeout(() => Promise.reject(failure), 1000)).rejects.toBe(failure);
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
