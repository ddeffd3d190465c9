import { describe, expect, it } from 'vitest';
import { ProductSchema } from '#shared/schemas/product';
import { catalog } from '../../db/seed/catalog.ts';
import { foodInformation } from '../../db/seed/food-information.ts';
import { priceWeights } from '../../db/seed/seed-product.ts';
import { toWireProduct } from './catalog.ts';

describe('the seeded catalog as the API answers it', () => {
  it('describes each product in the API’s shape, with its food information', () => {
    for (const product of catalog) {
      const food = foodInformation[product.id];
      if (!food) throw new Error(`${product.id} has no food information`);
      const wire = toWireProduct({
        ...product,
        ...food,
        image: `/images/products/${product.imageFile}`,
        weights: priceWeights(product).map((weight) => ({ ...weight, stock: null, lowStockAt: null })),
        hiddenAt: null,
      });
      expect(ProductSchema.parse(wire)).toEqual(wire);
      expect(product.description.length).toBeGreaterThan(60);
      expect(wire.ingredients).not.toBe('');
      expect(wire.weights.every((weight) => weight.inStock)).toBe(true);
    }
  });

  it('says a weight is out of stock only when it is counted and none is left', () => {
    const [product] = catalog;
    const weights = priceWeights(product!);
    const wire = toWireProduct({
      ...product!,
      ...foodInformation[product!.id]!,
      image: '',
      hiddenAt: null,
      weights: [
        { ...weights[0]!, stock: 0, lowStockAt: null },
        { ...weights[1]!, stock: 1, lowStockAt: null },
        { ...weights[2]!, stock: null, lowStockAt: null },
      ],
    });
    expect(wire.weights.map((weight) => weight.inStock)).toEqual([false, true, true]);
  });
});
