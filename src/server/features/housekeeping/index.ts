/** Housekeeping as the app registers it: the sweep (`app.housekeeping`) that deletes rows past their retention. */
export { default as housekeepingPlugin, type Housekeeping, type SweepCounts } from './sweep.ts';
