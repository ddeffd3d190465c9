/**
 * The shop's postal address, phone and e-mail (contract, top), written once: the footer and the contact page show
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
