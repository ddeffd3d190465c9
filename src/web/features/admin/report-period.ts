/** The reports' default period, read from the browser's clock in London's time. */

/** London's today and the day `days` before it, YYYY-MM-DD. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const london = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
  const to = london.format(now);
  const from = new Date(`${to}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - (days - 1));
  return { from: from.toISOString().slice(0, 10), to };
}
