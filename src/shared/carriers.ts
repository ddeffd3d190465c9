/**
 * The carriers a parcel may leave with (decision 113), and each one's public tracking page: the order page and the
 * dispatch mail link a tracking number there. A carrier not named here, or none, leaves the number as plain text.
 */
export const CARRIERS = ['royal-mail', 'dpd', 'evri', 'parcelforce', 'dhl'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Readonly<Record<Carrier, string>> = {
  'royal-mail': 'Royal Mail',
  dpd: 'DPD',
  evri: 'Evri',
  parcelforce: 'Parcelforce',
  dhl: 'DHL',
};

/** Each carrier's own tracking page for one number, as the carrier links to it from its site and its mails. */
const TRACKING_PAGES: Readonly<Record<Carrier, (number: string) => string>> = {
  'royal-mail': (number) => `https://www.royalmail.com/track-your-item#/tracking-results/${number}`,
  dpd: (number) => `https://track.dpd.co.uk/parcels/${number}`,
  evri: (number) => `https://www.evri.com/track/parcel/${number}/details`,
  parcelforce: (number) => `https://www.parcelforce.com/track-trace?trackNumber=${number}`,
  dhl: (number) => `https://www.dhl.com/gb-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${number}`,
};

export const isCarrier = (value: unknown): value is Carrier =>
  typeof value === 'string' && (CARRIERS as readonly string[]).includes(value);

/**
 * The carrier's tracking page for this number, or null where the carrier is unknown or the number is missing. The
 * number goes in as one encoded piece (spaces people type between its groups dropped), so it can never change which
 * page the link opens.
 */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined) {
  if (!isCarrier(carrier) || !trackingNumber) return null;
  const number = trackingNumber.replace(/\s+/g, '');
  if (!number) return null;
  return TRACKING_PAGES[carrier](encodeURIComponent(number));
}
