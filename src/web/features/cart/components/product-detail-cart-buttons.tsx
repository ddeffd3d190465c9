/** The product page's Add to Cart and BUY NOW, with the chosen size and quantity. */
import type { Product } from '#shared/schemas/product';
import { Button } from '#web/components/ui/button.tsx';
import type { Cart } from '../hooks/use-cart.ts';
import { useAddToCart } from '../hooks/use-add-to-cart.tsx';

interface ProductDetailCartButtonsProps {
  cart: Cart;
  product: Product;
  selectedWeight: string;
  qty: number;
}

export function ProductDetailCartButtons({ cart, product, selectedWeight, qty }: ProductDetailCartButtonsProps) {
  const { add, dialog } = useAddToCart(cart);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" size="lg" onClick={() => add({ product, qty, selectedWeight, buyNow: false })}>
          Add to Cart
        </Button>
        <Button variant="buy" size="lg" onClick={() => add({ product, qty, selectedWeight, buyNow: true })}>
          BUY NOW
        </Button>
      </div>
      {cart.errorMessage && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {cart.errorMessage}
        </p>
      )}
      {dialog}
    </div>
  );
}
