/**
 * The owner's product form, for a new product or one to edit: every field the API takes (name, category, description,
 * picture, flags, VAT rate, the 14 allergens and 'may contain', ingredients, nutrition per 100 g or none yet, origin,
 * storage) and its weights, one row each, at least one. Numbers are typed as text and read before the shared
 * `ProductInputSchema` checks them (product-form-values.ts), so the browser says what the server would, under each
 * field, and the first field wrong takes focus. The server's own field errors show the same way.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { clsx } from 'clsx';
import { type InputHTMLAttributes, type ReactNode, type Ref, useEffect, useId, useRef, useState } from 'react';
import {
  type FieldPath,
  type Resolver,
  type UseFormRegisterReturn,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { ALLERGENS } from '#shared/allergens';
import { CATEGORIES } from '#shared/constants';
import {
  type AdminProduct,
  PRODUCT_WEIGHTS_MAX,
  type ProductInput,
  ProductInputSchema,
} from '#shared/schemas/admin-product';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, fieldBorder } from '#web/components/ui/form-field.tsx';
import { FormMessage } from '#web/components/ui/form-message.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { TextArea } from '#web/components/ui/text-area.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { ApiRequestError, failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';
import { SAVE_PRODUCT_FAILED, useSaveAdminProduct } from '../api/save-admin-product.ts';
import {
  EMPTY_WEIGHT,
  formFieldOf,
  imageName,
  NUTRITION_FIELDS,
  type ProductFormValues,
  toProductFormValues,
  type WeightFormValues,
  toProductInput,
} from '../product-form-values.ts';
import { ProductPictureUpload } from './product-picture-upload.tsx';

const schemaResolver = zodResolver(ProductInputSchema);
/** The shared schema, given the body the form's text makes (numbers read, stock and nutrition null when empty). */
const resolver: Resolver<ProductFormValues, unknown, ProductInput> = (values, context, options) =>
  schemaResolver(toProductInput(values) as never, context, options as never) as never;

const selectStyles = (error: string | undefined) =>
  clsx(
    'mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-stone-900 shadow-sm focus-visible:outline-offset-0',
    fieldBorder(error),
  );
const box = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-cream-200 sm:p-6';
const legendStyles = 'text-lg font-bold text-roast-900';
const checkStyles = 'size-5 shrink-0 accent-roast-800';

/** A weight's fields, in the order of its row (the label takes two columns of six from 640 px). */
const WEIGHT_FIELDS: readonly {
  name: keyof WeightFormValues;
  label: string;
  className?: string;
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
}[] = [
  { name: 'label', label: 'Label', className: 'col-span-2' },
  { name: 'grams', label: 'Grams', inputMode: 'numeric' },
  { name: 'stock', label: 'Stock', inputMode: 'numeric', placeholder: 'Not counted' },
  { name: 'price', label: 'Price (£)', inputMode: 'decimal' },
  { name: 'mrp', label: 'MRP (£)', inputMode: 'decimal' },
];

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
  const [saved, setSaved] = useState<string | undefined>(notice);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors },
  } = useForm<ProductFormValues, unknown, ProductInput>({
    resolver,
    defaultValues: initialValues,
    // NOTE: react-hook-form focuses fields in the order they were registered, and the nutrition fields register
    // when shown, after the weights: the first field wrong on screen is found below instead.
    shouldFocusError: false,
  });
  const weights = useFieldArray({ control, name: 'weights' });
  const noNutrition = useWatch({ control, name: 'noNutrition' });
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
  const weightsError = errors.weights?.root?.message ?? errors.weights?.message;
  const imageChoices = [...new Set([uploaded ?? '', image, ...images])].filter((choice) => choice !== '');

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="flex max-w-4xl flex-col gap-6">
      <FormMessage tone="success">{saved}</FormMessage>

      <section aria-label="Product" className={clsx(box, 'flex flex-col gap-5')}>
        <TextField label="Name" required error={errors.name?.message} {...register('name')} />
        <FormField label="Category" error={errors.category?.message}>
          {(field) => (
            <select {...field} {...register('category')} className={selectStyles(errors.category?.message)}>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextArea
          label="Description"
          rows={5}
          required
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="flex flex-wrap items-end gap-4">
          <FormField label="Picture" error={errors.image?.message} className="min-w-0 grow basis-60">
            {(field) => (
              <select {...field} {...register('image')} className={selectStyles(errors.image?.message)}>
                <option value="">Choose a picture</option>
                {imageChoices.map((choice) => (
                  <option key={choice} value={choice}>
                    {imageName(choice)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {image && (
            <img src={image} alt="" width={80} height={80} className="size-20 rounded-lg bg-cream-100 object-contain" />
          )}
        </div>
        <ProductPictureUpload onUploaded={setUploaded} />
        <fieldset>
          <legend className="text-sm font-semibold text-stone-800">Shown as</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            <Check label="New launch" {...register('isNewlyLaunched')} />
            <Check label="Best seller" {...register('isBestSeller')} />
          </div>
        </fieldset>
        <fieldset data-invalid={errors.vatRate ? '' : undefined}>
          <legend className="text-sm font-semibold text-stone-800">VAT rate</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            <Check type="radio" label="0% (food)" value="0" {...register('vatRate')} />
            <Check type="radio" label="20% (standard)" value="20" {...register('vatRate')} />
          </div>
          <FieldError message={errors.vatRate?.message} />
        </fieldset>
      </section>

      <Group
        legend="Allergens"
        hint="What the product contains, as its label declares."
        error={errors.allergens?.message}
      >
        <AllergenChecks {...register('allergens')} />
      </Group>
      <Group
        legend="May contain"
        hint="What the kitchen also handles; never one the product contains."
        error={errors.mayContain?.message}
      >
        <AllergenChecks {...register('mayContain')} />
      </Group>

      <section aria-label="Food information" className={clsx(box, 'flex flex-col gap-5')}>
        <TextArea
          label="Ingredients"
          hint="As the label lists them, heaviest first."
          rows={3}
          error={errors.ingredients?.message}
          {...register('ingredients')}
        />
        <TextField
          label="Origin"
          hint="Country of origin of the main ingredient."
          error={errors.origin?.message}
          {...register('origin')}
        />
        <TextArea label="Storage" rows={2} error={errors.storage?.message} {...register('storage')} />
      </section>

      <Group legend="Nutrition per 100 g" error={errors.nutrition?.message}>
        <Check label="No nutrition information yet" {...register('noNutrition')} />
        {!noNutrition && (
          <div className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {NUTRITION_FIELDS.map(({ name, label }) => (
              <TextField
                key={name}
                label={label}
                inputMode="decimal"
                error={errors.nutrition?.[name]?.message}
                {...register(`nutrition.${name}`)}
              />
            ))}
          </div>
        )}
      </Group>

      <Group
        legend="Weights"
        hint="Each size as the shop names it (e.g. 250g). Prices in pounds, VAT included. Leave Stock empty when the shop does not count it."
        error={weightsError}
      >
        <ol className="flex flex-col gap-4">
          {weights.fields.map((weight, index) => {
            const weightErrors = errors.weights?.[index];
            return (
              <li key={weight.id}>
                <fieldset className="rounded-xl border border-stone-300 p-3 sm:p-4">
                  <legend className="px-1 text-sm font-semibold text-stone-800">Weight {index + 1}</legend>
                  <div className="grid grid-cols-2 gap-3 sm:grid-cols-6">
                    {WEIGHT_FIELDS.map(({ name, label, ...input }) => (
                      <TextField
                        key={name}
                        label={label}
                        error={weightErrors?.[name]?.message}
                        {...input}
                        {...register(`weights.${index}.${name}`)}
                      />
                    ))}
                  </div>
                  {weights.fields.length > 1 && (
                    <Button variant="secondary" size="sm" className="mt-3" onClick={() => weights.remove(index)}>
                      Remove<span className="sr-only"> weight {index + 1}</span>
                    </Button>
                  )}
                </fieldset>
              </li>
            );
          })}
        </ol>
        {weights.fields.length < PRODUCT_WEIGHTS_MAX && (
          <Button
            variant="secondary"
            className="mt-4"
            onClick={() => weights.append(EMPTY_WEIGHT, { focusName: `weights.${weights.fields.length}.label` })}
          >
            Add a weight
          </Button>
        )}
      </Group>

      <FormMessage tone="error">
        {save.isError &&
          !serverFieldErrors &&
          failureMessage(save.error, { fallback: SAVE_PRODUCT_FAILED, offline: OFFLINE_MESSAGE })}
      </FormMessage>
      <SubmitButton size="lg" className="w-full sm:w-auto sm:self-start" busy={save.isPending}>
        {save.isPending ? 'Saving…' : product ? 'Save changes' : 'Add product'}
      </SubmitButton>
    </form>
  );
}

/** A fieldset as one of the form's boxes: its legend, a hint, its controls, and the group's own error. */
function Group({
  legend,
  hint,
  error,
  children,
}: {
  legend: string;
  hint?: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset aria-describedby={describedBy} data-invalid={error ? '' : undefined} className={box}>
      <legend className={clsx(legendStyles, 'float-left w-full')}>{legend}</legend>
      <div className="clear-both pt-2">
        {hint && (
          <p id={`${id}-hint`} className="mb-3 text-sm text-stone-600">
            {hint}
          </p>
        )}
        {children}
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </fieldset>
  );
}

function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-2 text-sm font-medium text-offer">
      {message}
    </p>
  );
}

/** The 14 allergens as checkboxes of one field (react-hook-form's `register()` result, shared by all 14). */
function AllergenChecks(field: UseFormRegisterReturn<'allergens' | 'mayContain'>) {
  return (
    <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {ALLERGENS.map((allergen) => (
        <Check key={allergen} label={allergen} value={allergen} {...field} />
      ))}
    </div>
  );
}

/** A checkbox (or radio) with its words beside it, the whole line its label. */
function Check({
  label,
  type = 'checkbox',
  ref,
  ...inputProps
}: { label: string; type?: 'checkbox' | 'radio'; ref?: Ref<HTMLInputElement> } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type'
>) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-base text-stone-900">
      <input ref={ref} type={type} className={checkStyles} {...inputProps} />
      {label}
    </label>
  );
}
