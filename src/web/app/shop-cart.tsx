/**
 * The cart composed with the catalog (decisions 036, 050): the cart feature prices a guest cart with the catalog
 * this module fetches for it, and the catalog's cards get their cart buttons here (the product page wires its own,
 * so its buttons stay out of every page's first load). Wiring only.
 */
import type { ReactNode } from 'react';
import type { Product } from '#shared/schemas/product';
import { CartLink } from '#web/features/cart/components/cart-link.tsx';
import { ProductCartButtons } from '#web/features/cart/components/product-cart-buttons.tsx';
import { type Cart, useCart, useCartNeedsCatalog } from '#web/features/cart/hooks/use-cart.ts';
import { useGuestCart } from '#web/features/cart/guest-cart.ts';
import { useProductsByIds } from '#web/features/catalog/api/get-products.ts';

/**
 * The shopper's cart; a guest cart is priced with its own products, fetched for it alone (never the whole catalog,
 * which a large shop cannot send to every page).
 */
export function useShopCart(): Cart {
  const needsCatalog = useCartNeedsCatalog();
  const guest = useGuestCart();
  const catalog = useProductsByIds(
    guest.lines.map((line) => line._id),
    needsCatalog,
  );
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
