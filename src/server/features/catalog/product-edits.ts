/**
 * The owner's writes to products, inside the caller's transaction: a new product with an id made from its name, a
 * product's editable fields and weights replaced (keeping stock that checkouts moved meanwhile), hidden or shown.
 */
import { eq, like, max, or, sql } from 'drizzle-orm';
import { poundsToPence } from '#shared/money';
import type { ProductInput } from '#shared/schemas/admin-product';
import type { Database } from '../../db/database.ts';
import { products, productWeights, stockBatches } from '../../db/schema.ts';
import { type ProductRecord, readProduct } from './product-record.ts';

/** A product id from its name: lowercase ASCII words joined by hyphens ('Crème Brûlée Pecans' → 'creme-brulee-pecans'). */
export function productSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 70)
    .replace(/-+$/, '');
  // Addresses of the shop's own beside a product's: a product named so would be hidden behind them.
  if (RESERVED_IDS.has(slug)) return `${slug}-product`;
  return slug || 'product';
}

// /api/products/browse, and /admin/products/new (the owner's form for a new product) beside /admin/products/{id}.
const RESERVED_IDS = new Set(['browse', 'new']);

/** The product's columns an owner writes, from the shared body. */
function productColumns(input: ProductInput) {
  return {
    name: input.name,
    category: input.category,
    description: input.description,
    image: input.image,
    allergens: input.allergens,
    vatRate: input.vatRate,
    isNewlyLaunched: input.isNewlyLaunched,
    isBestSeller: input.isBestSeller,
    ingredients: input.ingredients,
    mayContain: input.mayContain,
    nutrition: input.nutrition,
    origin: input.origin,
    storage: input.storage,
    updatedAt: new Date(),
  };
}

/** `alerted`: when each label's low-stock mail went, kept across an edit so the same fall is not mailed twice. */
function weightRows(productId: string, input: ProductInput, alerted: ReadonlyMap<string, Date | null> = new Map()) {
  return input.weights.map((weight, position) => ({
    productId,
    label: weight.label,
    grams: weight.grams,
    pricePence: poundsToPence(weight.price),
    mrpPence: weight.mrp === null ? null : poundsToPence(weight.mrp),
    stock: weight.stock,
    // Left out: no alert.
    lowStockAt: weight.lowStockAt ?? null,
    lowStockAlertedAt: alerted.get(weight.label) ?? null,
    position,
  }));
}

/** The product's slug, or the slug with the first free '-2', '-3' … when taken. */
async function freeId(name: string, tx: Database): Promise<string> {
  const base = productSlug(name);
  const taken = new Set(
    (
      await tx
        .select({ id: products.id })
        .from(products)
        .where(or(eq(products.id, base), like(products.id, `${base}-%`)))
    ).map((row) => row.id),
  );
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

async function batchedLabels(productId: string, tx: Database): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ label: stockBatches.label })
    .from(stockBatches)
    .where(eq(stockBatches.productId, productId));
  return new Set(rows.map((row) => row.label));
}

export async function findForUpdate(id: string, tx: Database): Promise<ProductRecord | undefined> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
  return row ? readProduct(id, tx) : undefined;
}

export async function createProduct(input: ProductInput, tx: Database): Promise<ProductRecord> {
  // Two owners naming products alike at once: the table lock makes the second wait for the first's id.
  await tx.execute(sql`lock table ${products} in share row exclusive mode`);
  const id = await freeId(input.name, tx);
  const [last] = await tx.select({ position: max(products.position) }).from(products);
  // A new product starts hidden: the owner shows it once its page is right (docs/api.md, The owner's API).
  await tx
    .insert(products)
    .values({ id, ...productColumns(input), position: (last?.position ?? -1) + 1, hiddenAt: sql`now()` });
  await tx.insert(productWeights).values(weightRows(id, input));
  return readProduct(id, tx);
}

export async function replaceProduct(
  id: string,
  input: ProductInput,
  tx: Database,
): Promise<{ product: ProductRecord } | { stockMoved: { label: string; now: number | null } }> {
  // The weights' rows locked first: a checkout taking stock now waits for this change, not the other way round.
  const locked = await tx
    .select({ label: productWeights.label, stock: productWeights.stock, alertedAt: productWeights.lowStockAlertedAt })
    .from(productWeights)
    .where(eq(productWeights.productId, id))
    .for('update');
  const current = new Map(locked.map((weight) => [weight.label, weight.stock]));
  const alerted = new Map(locked.map((weight) => [weight.label, weight.alertedAt]));
  const batched = await batchedLabels(id, tx);
  const weights: ProductInput['weights'] = [];
  for (const weight of input.weights) {
    const { stockSeen, ...rest } = weight;
    // A weight kept in batches counts what its batches hold: stock comes in by receiving a batch (decision 116).
    if (batched.has(weight.label) && current.has(weight.label)) {
      weights.push({ ...rest, stock: current.get(weight.label) ?? null });
      continue;
    }
    if (stockSeen === undefined || !current.has(weight.label)) {
      weights.push(rest);
      continue;
    }
    const now = current.get(weight.label) ?? null;
    if (weight.stock === stockSeen) weights.push({ ...rest, stock: now });
    else if (now === stockSeen) weights.push(rest);
    else return { stockMoved: { label: weight.label, now } };
  }
  await tx.update(products).set(productColumns(input)).where(eq(products.id, id));
  await tx.delete(productWeights).where(eq(productWeights.productId, id));
  await tx.insert(productWeights).values(weightRows(id, { ...input, weights }, alerted));
  return { product: await readProduct(id, tx) };
}

export async function setProductHidden(id: string, hidden: boolean, tx: Database): Promise<ProductRecord> {
  await tx
    .update(products)
    // Hiding a hidden product keeps when it was first hidden.
    .set({ hiddenAt: hidden ? sql`coalesce(${products.hiddenAt}, now())` : null })
    .where(eq(products.id, id));
  return readProduct(id, tx);
}
