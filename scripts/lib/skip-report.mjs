/**
 * Where the test files write why they skipped something (tests/support/skips.ts): one file per suite, read back
 * for the summary, so a skip is named there rather than passing unseen among the passes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function createSkipReport() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'roast-skips-'));
  let count = 0;
  return {
    /** The environment a suite runs with so its skips land in a file of its own. */
    env() {
      count += 1;
      return { TEST_SKIP_REPORT: path.join(folder, `suite-${count}.txt`) };
    },
    /** The reasons a suite's files gave, once each (a file skipped in two workers says it twice). */
    reasons(env) {
      let text = '';
      try {
        text = readFileSync(env.TEST_SKIP_REPORT, 'utf8');
      } catch {
        return [];
      }
      return [...new Set(text.split('\n').filter(Boolean))];
    },
    remove() {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
