/** Lazy code chunks: a 120-second time-out (`CHUNK_LOAD_TIMEOUT_MS`) and recognising a failed chunk load whatever the browser calls it. */
import { CHUNK_LOAD_TIMEOUT_MS } from '#shared/constants';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Rejects with a ChunkLoadError when `load` has not settled within the time-out. */
export function loadChunkWithTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading part of the page took longer than ${Math.round(timeoutMs / 1000)} seconds.`));
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

// Chrome: "Failed to fetch dynamically imported module", Safari: "Importing a module script failed",
// Firefox: "error loading dynamically imported module", Vite's preloader: "Unable to preload CSS for …".
const CHUNK_ERROR_MESSAGE = /dynamically imported module|importing a module script failed|unable to preload css/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_ERROR_MESSAGE.test(error.message));
}
