import { describe, expect, it } from 'vitest';
import { productImageSources } from './illustrations.ts';

describe('productImageSources', () => {
  it('shows a seed illustration as its WebP renders, the 400 px one by default', () => {
    expect(productImageSources('/images/products/pecan-halves.svg')).toEqual({
      src: '/images/products/pecan-halves-400.webp',
      srcSet:
        '/images/products/pecan-halves-200.webp 200w, /images/products/pecan-halves-400.webp 400w, /images/products/pecan-halves-600.webp 600w',
    });
  });

  it('shows any other image as it is', () => {
    expect(productImageSources('https://cdn.example/pecans.jpg')).toEqual({ src: 'https://cdn.example/pecans.jpg' });
    expect(productImageSources('/images/products/../secret.svg')).toEqual({ src: '/images/products/../secret.svg' });
  });
});
