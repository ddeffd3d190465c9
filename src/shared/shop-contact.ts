/**
 * The shop's postal address, phone and e-mail, written once: the footer and the contact page show
 * them, the mails sign with them and the home page's structured data states them. A module of its own so that
 * only the code that shows them downloads them, not every page's first load.
 */
export const SHOP_ADDRESS = {
  street: 'Unit 4, 18 Roastery Lane',
  locality: 'London',
  postcode: 'E1 6AN',
  /** ISO 3166-1 alpha-2, as schema.org's PostalAddress wants it. */
  country: 'GB',
} as const;

export const SHOP_CONTACT = {
  /** The address as a letter writes it: street, then town and postcode. */
  addressLines: [SHOP_ADDRESS.street, `${SHOP_ADDRESS.locality} ${SHOP_ADDRESS.postcode}`],
  phone: '+44 20 7946 0958',
  phoneHref: 'tel:+442079460958',
  chatUrl: 'https://wa.me/442079460958',
  email: 'hello@roastandco.example',
} as const;

/**
 * The company behind the shop, as the footer and the legal pages name it (made up for this shop, decision 064).
 * A UK company shows its registered name, number and office, and its VAT number, where customers can find them.
 */
export const SHOP_COMPANY = {
  legalName: 'Roast & Co. Ltd',
  registeredIn: 'England and Wales',
  companyNumber: '14820337',
  vatNumber: 'GB 318 4472 06',
} as const;

/** The shop's own profiles (made up for this shop, like its company details). */
export const SHOP_SOCIAL_PROFILES = {
  Instagram: 'https://www.instagram.com/roastandco.london/',
  Facebook: 'https://www.facebook.com/roastandco.london',
  X: 'https://x.com/roastandco_ldn',
} as const;
