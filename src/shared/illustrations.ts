/**
 * The shop's illustrations are drawn as SVG and shown as WebP renders of them (decision 068): `npm run images`
 * (scripts/render-illustrations.ts) writes `<name>-<width>.webp` beside each `<name>.svg`, and the pages pick a
 * width with `srcset`.
 */

export interface IllustrationSet {
  /** From the repository's root. */
  folder: string;
  /** Rendered widths in pixels, smallest first. */
  widths: readonly number[];
}

/** A cart line (96 px), a product card (about 180 px in a phone's grid, 340 alone in its carousel) and the product page (up to 600 px), on screens of 1x to 2x. */
export const PRODUCT_IMAGE_WIDTHS = [200, 400, 600] as const;
/** The home banner fills the width of a phone (800 covers 412 px at 2x) up to its 1600 px cap. */
export const BANNER_IMAGE_WIDTHS = [800, 1600] as const;

export const ILLUSTRATION_SETS: readonly IllustrationSet[] = [
  { folder: 'src/server/db/seed/images/products', widths: PRODUCT_IMAGE_WIDTHS },
  { folder: 'src/web/assets/banners', widths: BANNER_IMAGE_WIDTHS },
];

/** `pecan-halves.svg`, 400 → `pecan-halves-400.webp`. */
export function renderFileName(svgFile: string, width: number): string {
  return `${svgFile.replace(/\.svg$/, '')}-${width}.webp`;
}

// The seed's illustrations and the owner's uploaded pictures (decision 079), both kept at PRODUCT_IMAGE_WIDTHS as
// `<base>-<width>.webp`; any other image is shown as it is.
const SEED_PRODUCT_IMAGE = /^(\/images\/products\/[a-z0-9-]+)\.svg$/;
const UPLOADED_PRODUCT_IMAGE =
  /^(\/uploads\/products\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.webp$/;

export interface ImageSources {
  src: string;
  srcSet?: string;
}

/** What an `<img>` needs to show a product's picture: its WebP widths when the shop keeps them. */
export function productImageSources(image: string): ImageSources {
  const base = (SEED_PRODUCT_IMAGE.exec(image) ?? UPLOADED_PRODUCT_IMAGE.exec(image))?.[1];
  if (!base) return { src: image };
  return {
    src: `${base}-400.webp`,
    srcSet: PRODUCT_IMAGE_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', '),
  };
}
