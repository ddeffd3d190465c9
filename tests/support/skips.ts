/**
 * Tests that skip because this machine lacks something (root to mount a tmpfs, a Redis) say why here, so the summary
 * of `npm test` and `npm run test:quick` names them instead of a skip passing unseen among thousands of passes.
 * The runner (scripts/lib/skip-report.mjs) points TEST_SKIP_REPORT at a file; each reason is one line of it.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Records why the calling test file skips a block; returns `true` when `skipped`, for `describe.skipIf(...)`.
 * `file` is the test file's `import.meta.filename`.
 */
export function skipsBecause(skipped: boolean, file: string, reason: string): boolean {
  if (!skipped) return false;
  const line = `${path.relative(process.cwd(), file)}: ${reason}`;
  console.warn(`skipped ${line}`);
  const report = process.env.TEST_SKIP_REPORT;
  if (report) appendFileSync(report, `${line}\n`);
  return true;
}
