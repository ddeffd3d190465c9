import { describe, expect, it } from 'vitest';
import { ProductSchema } from '#shared/schemas/product';
import { catalog } from '../../db/seed/catalog.ts';
import { priceWeights } from '../../db/seed/seed-product.ts';
import { toWireProduct } from './catalog.ts';

describe('the seeded catalog as the API answers it', () => {
  it('describes each product in the API contract’s shape', () => {
    for (const product of catalog) {
      const wire = toWireProduct({
        ...product,
        image: `/images/products/${product.imageFile}`,
        weights: priceWeights(product),
      });
      expect(ProductSchema.parse(wire)).toEqual(wire);
      expect(product.description.length).toBeGreaterThan(60);
    }
  });
});
