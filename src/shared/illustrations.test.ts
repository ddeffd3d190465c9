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

  it('shows an uploaded product picture at the widths the server keeps', () => {
    const base = '/uploads/products/0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(productImageSources(`${base}.webp`)).toEqual({
      src: `${base}-400.webp`,
      srcSet: `${base}-200.webp 200w, ${base}-400.webp 400w, ${base}-600.webp 600w`,
    });
  });

  it('shows any other image as it is', () => {
    expect(productImageSources('/uploads/products/not-an-id.webp')).toEqual({
      src: '/uploads/products/not-an-id.webp',
    });
    expect(productImageSources('https://cdn.example/pecans.jpg')).toEqual({ src: 'https://cdn.example/pecans.jpg' });
    expect(productImageSources('/images/products/../secret.svg')).toEqual({ src: '/images/products/../secret.svg' });
  });
});
