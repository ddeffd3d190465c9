/**
 * What a UK food label says, shown before purchase as a distance seller must (FIR art. 14): the ingredients with the
 * allergens in bold, the 'may contain' advice, the nutrition declaration per 100 g, origin and storage. Nothing is
 * shown for a product whose food information the owner has not written yet.
 */
import type { Product } from '#shared/schemas/product';
import { ingredientParts } from '../ingredient-parts.ts';

type FoodProduct = Pick<
  Product,
  'allergens' | 'mayContain' | 'ingredients' | 'nutrition' | 'origin' | 'storage' | 'weights'
>;

const grams = (value: number) => `${value.toFixed(value < 1 && value > 0 ? 2 : 1)}g`;

export function FoodInformation({ product }: { product: FoodProduct }) {
  const { ingredients, nutrition, origin, storage, mayContain } = product;
  if (!ingredients && !nutrition && !origin && !storage) return null;
  const subheading = 'font-semibold text-stone-900';
  return (
    <section aria-labelledby="food-information" className="flex flex-col gap-4">
      <h2 id="food-information" className="text-lg font-bold text-roast-900">
        Food information
      </h2>
      {ingredients && (
        <div>
          <h3 className={subheading}>Ingredients</h3>
          <p className="mt-1 text-stone-700">
            {ingredientParts(ingredients, product.allergens).map((part, index) =>
              part.allergen ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered.
                <strong key={index} className="font-bold text-stone-900">
                  {part.text}
                </strong>
              ) : (
                part.text
              ),
            )}
          </p>
          <p className="mt-1 text-sm text-stone-600">
            For allergens, see the ingredients in bold.
            {mayContain.length > 0 && ` May contain ${mayContain.join(', ').toLowerCase()}.`}
          </p>
        </div>
      )}
      {nutrition && (
        <div className="overflow-x-auto">
          <table className="w-full max-w-md text-left text-sm text-stone-800">
            <caption className={`${subheading} mb-1 text-left text-base`}>Nutrition</caption>
            <thead>
              <tr className="border-b border-cream-300">
                <th scope="col" className="py-1.5 font-semibold">
                  Typical values
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  Per 100g
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-cream-200 tabular-nums">
              <NutritionRow label="Energy" value={`${nutrition.energyKj}kJ / ${nutrition.energyKcal}kcal`} />
              <NutritionRow label="Fat" value={grams(nutrition.fat)} />
              <NutritionRow label="of which saturates" value={grams(nutrition.saturates)} sub />
              <NutritionRow label="Carbohydrate" value={grams(nutrition.carbohydrate)} />
              <NutritionRow label="of which sugars" value={grams(nutrition.sugars)} sub />
              <NutritionRow label="Fibre" value={grams(nutrition.fibre)} />
              <NutritionRow label="Protein" value={grams(nutrition.protein)} />
              <NutritionRow label="Salt" value={grams(nutrition.salt)} />
            </tbody>
          </table>
        </div>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-stone-700">
        {origin && (
          <>
            <dt className={subheading}>Origin</dt>
            <dd>{origin}</dd>
          </>
        )}
        {storage && (
          <>
            <dt className={subheading}>Storage</dt>
            <dd className="whitespace-pre-line">{storage}</dd>
          </>
        )}
        <dt className={subheading}>Net weight</dt>
        <dd>{product.weights.map((weight) => weight.label).join(', ')}</dd>
      </dl>
    </section>
  );
}

function NutritionRow({ label, value, sub = false }: { label: string; value: string; sub?: boolean }) {
  return (
    <tr>
      <th scope="row" className={sub ? 'py-1.5 pl-4 font-normal' : 'py-1.5 font-normal'}>
        {label}
      </th>
      <td className="py-1.5 text-right">{value}</td>
    </tr>
  );
}
