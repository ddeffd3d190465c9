/**
 * The owner's screen for one product: 'Add a product' (no id) or 'Edit …' (an id from the address), its heading,
 * 'Back to products' and the form, once the owner's product list has arrived (it holds the product and the pictures
 * to choose from). A new product, once added, opens on its own form with a notice, in place of the empty one.
 */

import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { ADMIN_PRODUCTS_FAILED, useAdminProducts } from '../api/get-admin-products.ts';
import { EMPTY_PRODUCT_FORM, productImages, toProductFormValues } from '../product-form-values.ts';
import { ProductBatches } from './product-batches.tsx';
import { ProductForm } from './product-form.tsx';
import { ProductVisibility } from './product-visibility.tsx';
import { QueryState } from './query-state.tsx';

/** What the screen is given on arrival after a product is added. */
interface AddedState {
  added?: string;
}

export function AdminProduct({ productId }: { productId?: string | undefined }) {
  const products = useAdminProducts();
  const navigate = useNavigate();
  const added = (useLocation().state as AddedState | null)?.added;

  const back = (
    <Link
      to={paths.adminProducts.getHref()}
      className="mb-4 inline-block font-semibold text-roast-800 underline underline-offset-4 hover:text-roast-900"
    >
      Back to products
    </Link>
  );

  return (
    <QueryState query={products} failed={ADMIN_PRODUCTS_FAILED}>
      {({ items }) => {
        const images = productImages(items);
        const product = productId === undefined ? undefined : items.find((item) => item._id === productId);
        if (productId !== undefined && !product) {
          return (
            <>
              {back}
              <Heading>Product not found</Heading>
              <p className="text-stone-700">
                There is no product at this address. It may have been added under another name.
              </p>
            </>
          );
        }
        return (
          <>
            {back}
            <Heading>{product ? `Edit ${product.name}` : 'Add a product'}</Heading>
            {product && <ProductVisibility product={product} />}
            {product && <ProductBatches product={product} />}
            <ProductForm
              // A new product's form is a new form: nothing typed on the empty one carries over.
              key={product?._id ?? 'new'}
              product={product}
              images={images}
              initialValues={product ? toProductFormValues(product) : EMPTY_PRODUCT_FORM}
              notice={
                product && added === product._id
                  ? `${product.name} is added, hidden from shoppers until you show it.`
                  : undefined
              }
              onCreated={(created) =>
                navigate(paths.adminProduct.getHref(created._id), { replace: true, state: { added: created._id } })
              }
            />
          </>
        );
      }}
    </QueryState>
  );
}

function Heading({ children }: { children: string }) {
  return (
    <h1 className="mb-6 text-3xl font-extrabold tracking-tight break-words text-roast-900 sm:text-4xl">{children}</h1>
  );
}
