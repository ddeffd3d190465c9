/**
 * The cart composed with the catalog (decisions 036, 050): the cart feature prices a guest cart with the catalog
 * this module fetches for it, and the catalog's cards and product page get their cart buttons here. Wiring only.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/schemas/product';
import { CartLink } from '#web/features/cart/components/cart-link.tsx';
import { ProductCartButtons } from '#web/features/cart/components/product-cart-buttons.tsx';
import { ProductDetailCartButtons } from '#web/features/cart/components/product-detail-cart-buttons.tsx';
import { type Cart, useCart, useCartNeedsCatalog } from '#web/features/cart/hooks/use-cart.ts';
import { productsQueryOptions } from '#web/features/catalog/api/get-products.ts';
import type { ProductSelection } from '#web/features/catalog/components/product-details.tsx';

/** The shopper's cart; the catalog is fetched for it only when a guest cart needs pricing. */
export function useShopCart(): Cart {
  const needsCatalog = useCartNeedsCatalog();
  const catalog = useQuery({ ...productsQueryOptions(), enabled: needsCatalog });
  return useCart(catalog.data);
}

export function HeaderCartLink() {
  const cart = useShopCart();
  return <CartLink cart={cart} />;
}

/** A product card's cart buttons, for `ProductCard`'s actions slot. */
export function useProductCardActions(): (product: Product) => ReactNode {
  const cart = useShopCart();
  return (product) => <ProductCartButtons product={product} cart={cart} />;
}

/** The product page's Add to Cart and BUY NOW. */
export function useProductDetailActions(): (selection: ProductSelection) => ReactNode {
  const cart = useShopCart();
  return ({ product, weight, quantity }) => (
    <ProductDetailCartButtons cart={cart} product={product} selectedWeight={weight.label} qty={quantity} />
  );
}
