/**
 * The product form's sections (product-form.tsx), each given the form: the product's details, picture, flags and
 * VAT rate; its allergens and food information; its weights, one row each, at least one.
 */
import { clsx } from 'clsx';
import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { CATEGORIES } from '#shared/constants';
import { KITCHEN_STATEMENT } from '#shared/kitchen';
import { PRODUCT_WEIGHTS_MAX, type ProductInput } from '#shared/schemas/admin-product';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { TextArea } from '#web/components/ui/text-area.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import {
  EMPTY_WEIGHT,
  imageName,
  NUTRITION_FIELDS,
  type ProductFormValues,
  type WeightFormValues,
} from '../product-form-values.ts';
import { AllergenChecks, box, Check, FieldError, Group, selectStyles } from './product-form-parts.tsx';
import { ProductPictureUpload } from './product-picture-upload.tsx';

export type ProductFormApi = UseFormReturn<ProductFormValues, unknown, ProductInput>;

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
  { name: 'lowStockAt', label: 'Alert at', inputMode: 'numeric', placeholder: 'No alert' },
  { name: 'price', label: 'Price (£)', inputMode: 'decimal' },
  { name: 'mrp', label: 'MRP (£)', inputMode: 'decimal', placeholder: 'None' },
];

interface DetailsProps {
  form: ProductFormApi;
  /** The pictures to choose from, an uploaded one first. */
  imageChoices: readonly string[];
  onUploaded: (image: string) => void;
}

export function ProductDetails({
  form: {
    register,
    control,
    formState: { errors },
  },
  imageChoices,
  onUploaded,
}: DetailsProps) {
  const image = useWatch({ control, name: 'image' });
  return (
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
      <ProductPictureUpload onUploaded={onUploaded} />
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
  );
}

export function FoodInformation({
  form: {
    register,
    control,
    formState: { errors },
  },
}: {
  form: ProductFormApi;
}) {
  const noNutrition = useWatch({ control, name: 'noNutrition' });
  return (
    <>
      <Group
        legend="Allergens"
        hint="What the product contains, as its label declares."
        error={errors.allergens?.message}
      >
        <AllergenChecks {...register('allergens')} />
      </Group>
      <Group
        legend="May contain"
        hint={`${KITCHEN_STATEMENT} Those the product does not contain are added when you save; tick any other it may carry, never one it contains.`}
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
    </>
  );
}

export function Weights({
  form: {
    register,
    control,
    formState: { errors },
  },
}: {
  form: ProductFormApi;
}) {
  const weights = useFieldArray({ control, name: 'weights' });
  const weightsError = errors.weights?.root?.message ?? errors.weights?.message;
  return (
    <Group
      legend="Weights"
      hint="Each size as the shop names it (e.g. 250g). Prices in pounds, VAT included. Leave Stock empty when the shop does not count it; Alert at is the stock at which the shop is e-mailed (empty for none); MRP empty when there is no higher price the weight really sold at: then no saving is shown."
      error={weightsError}
    >
      <ol className="flex flex-col gap-4">
        {weights.fields.map((weight, index) => {
          const weightErrors = errors.weights?.[index];
          return (
            <li key={weight.id}>
              <fieldset className="rounded-xl border border-stone-300 p-3 sm:p-4">
                <legend className="px-1 text-sm font-semibold text-stone-800">Weight {index + 1}</legend>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
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
  );
}
