/** Tracking links: each known carrier's own page, plain text otherwise. */
import { describe, expect, it } from 'vitest';
import { CARRIERS, trackingUrl } from '#shared/carriers';

describe('tracking links', () => {
  it.each([
    ['royal-mail', 'AB123456789GB', 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB'],
    ['dpd', '15501234567890', 'https://track.dpd.co.uk/parcels/15501234567890'],
    ['evri', 'H01HYA0012345678', 'https://www.evri.com/track/parcel/H01HYA0012345678/details'],
    ['parcelforce', 'PB1234567', 'https://www.parcelforce.com/track-trace?trackNumber=PB1234567'],
    [
      'dhl',
      '1234567890',
      'https://www.dhl.com/gb-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=1234567890',
    ],
  ])('link a %s number to that carrier’s own page', (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it('cover every carrier offered at dispatch', () => {
    for (const carrier of CARRIERS) expect(trackingUrl(carrier, 'X1')).toMatch(/^https:\/\//);
  });

  it('drop the spaces people type between groups, and keep what is left one piece of the address', () => {
    expect(trackingUrl('royal-mail', 'AB 1234 5678 9GB')).toContain('/tracking-results/AB123456789GB');
    expect(trackingUrl('dpd', '1/../x?y=1')).toBe('https://track.dpd.co.uk/parcels/1%2F..%2Fx%3Fy%3D1');
  });

  it.each([
    [null, 'AB123456789GB'],
    ['yodel', 'AB123456789GB'],
    ['royal-mail', null],
    ['royal-mail', '   '],
  ])('are none for carrier %j and number %j', (carrier, number) => {
    expect(trackingUrl(carrier, number)).toBeNull();
  });
});
