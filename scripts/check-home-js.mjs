// Fails when the home page's first-load JS in the current production build exceeds its 125 KB gzip budget.
// `npm test` runs it after building; run `npm run build` first when calling it alone.
import { reportHomeFirstLoadJs } from './lib/home-js.mjs';

process.exitCode = reportHomeFirstLoadJs() ? 0 : 1;
