/** The shop's catalog wording that more than one screen shows, kept apart so a screen takes only the words. */

export const NO_PRODUCTS_TEXT = 'No Products to display';
