/** How an order's moment reads to the owner: the day and time in London (the shop's clock), wherever they are. */
const orderTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

/** "25 Nov 2026, 14:05". */
export function formatOrderTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : orderTime.format(date);
}
