/** For tests only: a catalog product in the wire shape, with the given weights and their prices in pounds. */
import type { Product } from '#shared/schemas/product';

export function testProduct(id: string, weights: [label: string, price: number][]): Product {
  return {
    _id: id,
    name: `Product ${id}`,
    category: 'Nuts',
    image: `/images/products/${id}.svg`,
    price: weights[0]?.[1] ?? 0,
    description: '',
    weights: weights.map(([label, price]) => ({ label, grams: Number.parseInt(label, 10), price, mrp: price })),
    isNewlyLaunched: false,
    isBestSeller: false,
    allergens: ['Tree nuts'],
    vatRate: 20,
  };
}
