/**
 * A review's date as UK shoppers write it ('3 November 2026'), in London's calendar whatever the server's or the
 * browser's time zone, so the server's HTML and the browser's hydrating render agree to the letter.
 */
const ukDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export function formatReviewDate(isoDate: string): string {
  return ukDate.format(new Date(isoDate));
}
