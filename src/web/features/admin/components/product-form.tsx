/**
 * The owner's product form, for a new product or one to edit: every field the API takes (name, category, description,
 * picture, flags, VAT rate, the 14 allergens and 'may contain', ingredients, nutrition per 100 g or none yet, origin,
 * storage) and its weights, one row each, at least one. Numbers are typed as text and read before the shared
 * `ProductInputSchema` checks them (product-form-values.ts), so the browser says what the server would, under each
 * field, and the first field wrong takes focus. The server's own field errors show the same way.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { type AdminProduct, type ProductInput, ProductInputSchema } from '#shared/schemas/admin-product';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { ApiRequestError, failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { SAVE_PRODUCT_FAILED, useSaveAdminProduct } from '../api/save-admin-product.ts';
import { formFieldOf, type ProductFormValues, toProductFormValues, toProductInput } from '../product-form-values.ts';
import { FoodInformation, ProductDetails, Weights } from './product-form-sections.tsx';

const schemaResolver = zodResolver(ProductInputSchema);
/** The shared schema, given the body the form's text makes (numbers read, stock and nutrition null when empty). */
const resolver: Resolver<ProductFormValues, unknown, ProductInput> = (values, context, options) =>
  schemaResolver(toProductInput(values) as never, context, options as never) as never;

interface ProductFormProps {
  /** The product to edit; none for a new one. */
  product?: AdminProduct | undefined;
  /** The pictures the shop's products use, to choose from. */
  images: readonly string[];
  initialValues: ProductFormValues;
  /** What to say first (after a product is added, on its own form). */
  notice?: string | undefined;
  onCreated?: (product: AdminProduct) => void;
}

export function ProductForm({ product, images, initialValues, notice, onCreated }: ProductFormProps) {
  const save = useSaveAdminProduct(product?._id);
  // Said beside the button pressed, where the owner is looking on a phone, not at the top of a long form.
  const [saved, setSaved] = useState<string>();
  const form = useForm<ProductFormValues, unknown, ProductInput>({
    resolver,
    defaultValues: initialValues,
    // NOTE: react-hook-form focuses fields in the order they were registered, and the nutrition fields register
    // when shown, after the weights: the first field wrong on screen is found below instead.
    shouldFocusError: false,
  });
  const { control, handleSubmit, reset, setError, setValue } = form;
  const image = useWatch({ control, name: 'image' });
  const formRef = useRef<HTMLFormElement>(null);
  // An uploaded picture joins the choices first; once its option is there, it is chosen (a select cannot show a value
  // it has no option for).
  const [uploaded, setUploaded] = useState<string>();
  useEffect(() => {
    if (uploaded) setValue('image', uploaded, { shouldDirty: true, shouldValidate: true });
  }, [uploaded, setValue]);
  // After errors are found, the first field wrong on screen takes focus once they show (react-hook-form may show
  // them a render after it reports them): every render looks until it finds one. A refused upload is not the form's.
  const focusPending = useRef(false);
  const [, setFailures] = useState(0);
  useEffect(() => {
    if (!focusPending.current) return;
    const first = formRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"]:not([type="file"]), fieldset[data-invalid] input',
    );
    if (!first) return;
    focusPending.current = false;
    first.focus();
  });
  const focusFirstError = () => {
    focusPending.current = true;
    setFailures((count) => count + 1);
  };

  const onSubmit = handleSubmit((body) => {
    setSaved(undefined);
    save.mutate(body, {
      onSuccess: (answer) => {
        if (!product) {
          onCreated?.(answer);
          return;
        }
        reset(toProductFormValues(answer));
        setSaved(`${answer.name} is saved.`);
      },
      onError: (error) => {
        // The server's field errors under their fields, the first one focused; anything else above the button.
        if (!(error instanceof ApiRequestError)) return;
        for (const { field, message } of error.errors) {
          const name = formFieldOf(field);
          if (name) setError(name as FieldPath<ProductFormValues>, { message });
        }
        focusFirstError();
      },
    });
  }, focusFirstError);

  const serverFieldErrors =
    save.error instanceof ApiRequestError && save.error.errors.some(({ field }) => formFieldOf(field) !== undefined);
  const imageChoices = [...new Set([uploaded ?? '', image, ...images])].filter((choice) => choice !== '');

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex max-w-4xl flex-col gap-6">
      <FormMessage tone="success">{notice}</FormMessage>

      <ProductDetails form={form} imageChoices={imageChoices} onUploaded={setUploaded} />
      <FoodInformation form={form} />
      <Weights form={form} />

      <FormMessage tone="error">
        {save.isError &&
          !serverFieldErrors &&
          failureMessage(save.error, { fallback: SAVE_PRODUCT_FAILED, offline: OFFLINE_MESSAGE })}
      </FormMessage>
      <FormMessage tone="success">{saved}</FormMessage>
      <SubmitButton size="lg" className="w-full sm:w-auto sm:self-start" busy={save.isPending}>
        {save.isPending ? 'Saving…' : product ? 'Save changes' : 'Add product'}
      </SubmitButton>
    </form>
  );
}
