/** A best-before date (`YYYY-MM-DD`) as a UK reader expects it: 14 March 2027, the same in every time zone. */
export function formatBestBefore(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
