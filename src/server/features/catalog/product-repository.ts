/** Adds `app.productRepository`: products read from the database with money in pence, for the catalog and checkout. */
import { and, asc, eq, inArray, isNotNull, isNull, like, max, or, type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Allergen } from '#shared/allergens';
import type { Category, VatRate } from '#shared/constants';
import { poundsToPence } from '#shared/money';
import type { ProductInput } from '#shared/schemas/admin-product';
import type { Nutrition } from '#shared/schemas/product';
import type { Database } from '../../db/database.ts';
import { products, productWeights } from '../../db/schema.ts';

/** One pack size of a product; `pricePence` is what the shopper pays, VAT included. */
export interface WeightRecord {
  label: string;
  grams: number;
  pricePence: number;
  mrpPence: number;
  /** Packs left to sell; null when the shop does not count them. */
  stock: number | null;
}

/** A product as the server reasons about it: money in pence, weights in the order of the size buttons. */
export interface ProductRecord {
  id: string;
  name: string;
  category: Category;
  description: string;
  image: string;
  allergens: Allergen[];
  vatRate: VatRate;
  isNewlyLaunched: boolean;
  isBestSeller: boolean;
  weights: WeightRecord[];
  /** When the owner hid it from the shop; null while it is sold. */
  hiddenAt: Date | null;
  ingredients: string;
  mayContain: Allergen[];
  nutrition: Nutrition | null;
  origin: string;
  storage: string;
}

/**
 * Every method reads through `app.db` unless given another handle. Pass the `tx` of `app.db.transaction(…)`
 * to read inside that transaction: its own changes and locks, one consistent view for pricing a checkout.
 * NOTE: inside a transaction always pass `tx`. PGlite has one connection, so a read through `app.db` waits for
 * the open transaction to end, which never happens; on PostgreSQL it would read outside the transaction.
 */
export interface ProductRepository {
  /** Every product the shop sells (none the owner hid), with its weights, in the shop's order (position, then name). */
  listShown(db?: Database): Promise<ProductRecord[]>;
  /** Every product, hidden ones too, for the owner. */
  listAll(db?: Database): Promise<ProductRecord[]>;
  /**
   * The products among `ids` that the shop sells, with their weights, in the shop's order; unknown and hidden ids are
   * left out (a hidden product cannot be bought, as one that was never sold).
   */
  findByIds(ids: readonly string[], db?: Database): Promise<ProductRecord[]>;
  /** One product, hidden or not, locked for the rest of `tx`; undefined when there is none. */
  findForUpdate(id: string, tx: Database): Promise<ProductRecord | undefined>;
  /** A new product, last in the shop's order, with an id made from its name (unique: '-2' and on when taken). */
  create(input: ProductInput, tx: Database): Promise<ProductRecord>;
  /**
   * Replaces an existing product's editable fields and weights (find it with `findForUpdate` first). A weight's
   * `stockSeen` keeps its current stock when the owner left it as seen; `stockMoved` names one the owner changed while
   * checkouts changed it too, and nothing is written (the caller rolls `tx` back).
   */
  replace(
    id: string,
    input: ProductInput,
    tx: Database,
  ): Promise<{ product: ProductRecord } | { stockMoved: { label: string; now: number | null } }>;
  /** Hides or shows an existing product (find it with `findForUpdate` first). */
  setHidden(id: string, hidden: boolean, tx: Database): Promise<ProductRecord>;
  /**
   * Takes each line's packs from its weight's counted stock inside `tx` (an uncounted weight has no limit). `short`:
   * the first line there are not enough of, with how many are left (the caller then rolls `tx` back); `soldOut`:
   * whether a weight has none left now, which the shop's pages must show.
   */
  takeStock(lines: readonly StockLine[], tx: Database): Promise<StockTaken>;
  /** Puts back what `takeStock` took (a checkout cancelled, expired or abandoned); whether a sold-out weight is back. */
  returnStock(lines: readonly StockLine[], tx: Database): Promise<{ restocked: boolean }>;
  /**
   * Takes again what was put back, as far as there is: for a payment that arrived after its checkout gave its stock
   * back. `missing`: packs sold meanwhile, which the caller reports.
   */
  retakeStock(lines: readonly StockLine[], tx: Database): Promise<{ missing: number; soldOut: boolean }>;
}

export interface StockTaken {
  short?: { line: StockLine; left: number };
  soldOut: boolean;
}

/** Packs of one weight of a product. */
export interface StockLine {
  productId: string;
  label: string;
  qty: number;
}

/**
 * The same weights in the same order for every transaction, so two checkouts taking the same two weights lock them
 * one after the other rather than each holding one and waiting for the other.
 */
const inLockOrder = (lines: readonly StockLine[]) =>
  [...lines].sort((a, b) => a.productId.localeCompare(b.productId) || a.label.localeCompare(b.label));

const sameWeight = (line: StockLine) =>
  and(eq(productWeights.productId, line.productId), eq(productWeights.label, line.label));

/** The weight's stock, its row locked for the rest of `tx`; null when not counted (or the weight is gone). */
async function lockedStock(line: StockLine, tx: Database): Promise<number | null> {
  const [weight] = await tx
    .select({ stock: productWeights.stock })
    .from(productWeights)
    .where(sameWeight(line))
    .for('update');
  return weight?.stock ?? null;
}

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

function weightRows(productId: string, input: ProductInput) {
  return input.weights.map((weight, position) => ({
    productId,
    label: weight.label,
    grams: weight.grams,
    pricePence: poundsToPence(weight.price),
    mrpPence: poundsToPence(weight.mrp),
    stock: weight.stock,
    position,
  }));
}

declare module 'fastify' {
  interface FastifyInstance {
    productRepository: ProductRepository;
  }
}

// One statement rather than a query per table, so products and their weights come from the same moment.
async function readProducts(db: Database, where?: SQL): Promise<ProductRecord[]> {
  const rows = await db
    .select({ product: products, weight: productWeights })
    .from(products)
    .leftJoin(productWeights, eq(productWeights.productId, products.id))
    .where(where)
    .orderBy(asc(products.position), asc(products.name), asc(products.id), asc(productWeights.position));

  const byId = new Map<string, ProductRecord>();
  for (const { product, weight } of rows) {
    let record = byId.get(product.id);
    if (!record) {
      record = {
        id: product.id,
        name: product.name,
        category: product.category,
        description: product.description,
        image: product.image,
        // NOTE: the columns are plain text and smallint; the seed and the schema's checks keep them in these sets.
        allergens: product.allergens as Allergen[],
        vatRate: product.vatRate as VatRate,
        isNewlyLaunched: product.isNewlyLaunched,
        isBestSeller: product.isBestSeller,
        weights: [],
        hiddenAt: product.hiddenAt,
        ingredients: product.ingredients,
        mayContain: product.mayContain as Allergen[],
        nutrition: product.nutrition,
        origin: product.origin,
        storage: product.storage,
      };
      byId.set(product.id, record);
    }
    if (weight) {
      const { label, grams, pricePence, mrpPence, stock } = weight;
      record.weights.push({ label, grams, pricePence, mrpPence, stock });
    }
  }
  return [...byId.values()];
}

function createProductRepository(appDb: Database): ProductRepository {
  async function readOne(id: string, db: Database): Promise<ProductRecord> {
    const [record] = await readProducts(db, eq(products.id, id));
    if (!record) throw new Error(`product ${id} lost its row`);
    return record;
  }

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

  return {
    listShown: (db = appDb) => readProducts(db, isNull(products.hiddenAt)),
    listAll: (db = appDb) => readProducts(db),
    async findByIds(ids, db = appDb) {
      if (ids.length === 0) return [];
      return readProducts(db, and(inArray(products.id, [...new Set(ids)]), isNull(products.hiddenAt)));
    },
    async findForUpdate(id, tx) {
      const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
      return row ? readOne(id, tx) : undefined;
    },
    async create(input, tx) {
      // Two owners naming products alike at once: the table lock makes the second wait for the first's id.
      await tx.execute(sql`lock table ${products} in share row exclusive mode`);
      const id = await freeId(input.name, tx);
      const [last] = await tx.select({ position: max(products.position) }).from(products);
      await tx.insert(products).values({ id, ...productColumns(input), position: (last?.position ?? -1) + 1 });
      await tx.insert(productWeights).values(weightRows(id, input));
      return readOne(id, tx);
    },
    async replace(id, input, tx) {
      // The weights' rows locked first: a checkout taking stock now waits for this change, not the other way round.
      const current = new Map(
        (
          await tx
            .select({ label: productWeights.label, stock: productWeights.stock })
            .from(productWeights)
            .where(eq(productWeights.productId, id))
            .for('update')
        ).map((weight) => [weight.label, weight.stock]),
      );
      const weights: ProductInput['weights'] = [];
      for (const weight of input.weights) {
        const { stockSeen, ...rest } = weight;
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
      await tx.insert(productWeights).values(weightRows(id, { ...input, weights }));
      return { product: await readOne(id, tx) };
    },
    async takeStock(lines, tx) {
      let soldOut = false;
      for (const line of inLockOrder(lines)) {
        const stock = await lockedStock(line, tx);
        if (stock === null) continue;
        if (stock < line.qty) return { short: { line, left: stock }, soldOut };
        await tx
          .update(productWeights)
          .set({ stock: stock - line.qty })
          .where(sameWeight(line));
        soldOut ||= stock === line.qty;
      }
      return { soldOut };
    },
    async returnStock(lines, tx) {
      let restocked = false;
      for (const line of inLockOrder(lines)) {
        // A weight the owner has since stopped counting (or removed) takes nothing back.
        const [after] = await tx
          .update(productWeights)
          .set({ stock: sql`${productWeights.stock} + ${line.qty}` })
          .where(and(sameWeight(line), isNotNull(productWeights.stock)))
          .returning({ stock: productWeights.stock });
        restocked ||= after?.stock === line.qty;
      }
      return { restocked };
    },
    async retakeStock(lines, tx) {
      let missing = 0;
      let soldOut = false;
      for (const line of inLockOrder(lines)) {
        const stock = await lockedStock(line, tx);
        if (stock === null) continue;
        const taken = Math.min(stock, line.qty);
        missing += line.qty - taken;
        await tx
          .update(productWeights)
          .set({ stock: stock - taken })
          .where(sameWeight(line));
        soldOut ||= stock - taken === 0;
      }
      return { missing, soldOut };
    },
    async setHidden(id, hidden, tx) {
      await tx
        .update(products)
        // Hiding a hidden product keeps when it was first hidden.
        .set({ hiddenAt: hidden ? sql`coalesce(${products.hiddenAt}, now())` : null })
        .where(eq(products.id, id));
      return readOne(id, tx);
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('productRepository', createProductRepository(app.db));
  },
  { name: 'product-repository', dependencies: ['database'] },
);
