/** An unexpected console.error is a bug the test did not look for: fail the test that caused it. */
import { afterEach, vi } from 'vitest';

let reported: unknown[][] = [];
const original = console.error;

console.error = (...args: unknown[]) => {
  reported.push(args);
  original(...args);
};

afterEach(() => {
  const errors = reported;
  reported = [];
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.map((args) => args.join(' ')).join('\n')}`);
  }
});
