/**
 * Adds `app.catalogAdmin`: the owner's catalog (docs/api.md, The owner's API; decisions 075, 079). Every product with
 * its stock and what unpaid checkouts hold of it; a product created, replaced, hidden or shown in one unit of work
 * with its audit record, then shown by `GET /api/products` and every page, in every process (`app.catalog.changed()`);
 * a picture checked and stored for the product form.
 */
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import {
  type AdminProduct,
  type ProductInput,
  PRODUCT_IMAGE_FIELD,
  productImageMessages,
  stockMovedMessage,
} from '#shared/schemas/admin-product';
import type { Database } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { Actor, Audit } from '../admin/index.ts';
import type { UnitOfWork } from '../mail/index.ts';
import { type Catalog, toWireProduct } from './catalog.ts';
import type { ProductImages } from './product-images.ts';
import type { ProductRecord, ProductRepository, StockLine } from './product-repository.ts';

export const catalogAdminMessages = { notFound: 'Product not found.' };

/** Packs held by unpaid checkouts, by `productId label`. */
type Reservations = ReadonlyMap<string, number>;

export function toAdminProduct(record: ProductRecord, reservations: Reservations = new Map()): AdminProduct {
  const wire = toWireProduct(record);
  return {
    ...wire,
    hidden: record.hiddenAt !== null,
    weights: record.weights.map((weight, index) => ({
      ...wire.weights[index]!,
      stock: weight.stock,
      lowStockAt: weight.lowStockAt,
      reserved: reservations.get(`${record.id} ${weight.label}`) ?? 0,
    })),
  };
}

/** What the audit keeps of a product: every field the owner edits, prices in pounds as the owner typed them. */
const audited = (record: ProductRecord) => {
  const { _id, price, weights, ...fields } = toAdminProduct(record);
  return { ...fields, weights: weights.map(({ inStock, reserved, ...weight }) => weight) };
};

export interface CatalogAdminService {
  /** Every product, hidden ones too, in the shop's order. */
  list(): Promise<{ items: AdminProduct[]; total: number }>;
  create(input: ProductInput, actor: Actor): Promise<AdminProduct>;
  /** 404 for an unknown product; 409 naming the weight whose stock checkouts moved while the owner edited it. */
  replace(id: string, input: ProductInput, actor: Actor): Promise<AdminProduct>;
  /** 404 for an unknown product. */
  setHidden(id: string, hidden: boolean, actor: Actor): Promise<AdminProduct>;
  /** Stores a picture at every width the pages ask for; 413 or 415 when it cannot be taken. */
  saveImage(bytes: Buffer, log: FastifyBaseLogger): Promise<{ image: string }>;
}

export function createCatalogAdminService(deps: {
  unitOfWork: UnitOfWork;
  products: ProductRepository;
  audit: Pick<Audit, 'record'>;
  catalog: Pick<Catalog, 'changed'>;
  images: ProductImages;
  /** Packs unpaid checkouts hold, from the orders domain. */
  reservedStock: () => Promise<StockLine[]>;
}): CatalogAdminService {
  const reservationsNow = async (): Promise<Reservations> =>
    new Map((await deps.reservedStock()).map((each) => [`${each.productId} ${each.label}`, each.qty]));

  /** After a change has committed: every process shows it, and the owner sees it with today's reservations. */
  async function answer(changed: ProductRecord): Promise<AdminProduct> {
    await deps.catalog.changed();
    return toAdminProduct(changed, await reservationsNow());
  }

  async function existing(id: string, tx: Database): Promise<ProductRecord> {
    const before = await deps.products.findForUpdate(id, tx);
    if (!before) throw new HttpError(404, catalogAdminMessages.notFound);
    return before;
  }

  return {
    async list() {
      const [records, reservations] = await Promise.all([deps.products.listAll(), reservationsNow()]);
      return { items: records.map((record) => toAdminProduct(record, reservations)), total: records.length };
    },

    async create(input, actor) {
      const created = await deps.unitOfWork(async (tx) => {
        const record = await deps.products.create(input, tx);
        await deps.audit.record(tx, {
          actor,
          action: 'product.created',
          target: `product:${record.id}`,
          before: null,
          after: audited(record),
        });
        return record;
      });
      return answer(created);
    },

    async replace(id, input, actor) {
      const replaced = await deps.unitOfWork(async (tx) => {
        const before = await existing(id, tx);
        const replaced = await deps.products.replace(id, input, tx);
        if ('stockMoved' in replaced) {
          const { label, now } = replaced.stockMoved;
          throw new HttpError(409, stockMovedMessage(label, now), {
            field: `weights.${input.weights.findIndex((weight) => weight.label === label)}.stock`,
          });
        }
        const after = replaced.product;
        await deps.audit.record(tx, {
          actor,
          action: 'product.updated',
          target: `product:${id}`,
          before: audited(before),
          after: audited(after),
        });
        return after;
      });
      return answer(replaced);
    },

    async setHidden(id, hidden, actor) {
      const changed = await deps.unitOfWork(async (tx) => {
        const before = await existing(id, tx);
        const after = await deps.products.setHidden(id, hidden, tx);
        await deps.audit.record(tx, {
          actor,
          action: hidden ? 'product.hidden' : 'product.shown',
          target: `product:${id}`,
          before: { hidden: before.hiddenAt !== null },
          after: { hidden: after.hiddenAt !== null },
        });
        return after;
      });
      return answer(changed);
    },

    async saveImage(bytes, log) {
      const saved = await deps.images.save(bytes);
      if (saved.status === 'unsupported')
        throw new HttpError(415, productImageMessages.unsupported, { field: PRODUCT_IMAGE_FIELD });
      if (saved.status === 'too-many-pixels')
        throw new HttpError(413, productImageMessages.tooManyPixels, { field: PRODUCT_IMAGE_FIELD });
      if (saved.status === 'not-stored') {
        log.error({ err: saved.error }, 'product picture not stored: the uploads folder is full or read-only');
        throw new HttpError(413, productImageMessages.notStored, { field: PRODUCT_IMAGE_FIELD });
      }
      return { image: saved.url };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogAdmin: CatalogAdminService;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'catalogAdmin',
      createCatalogAdminService({
        unitOfWork: app.unitOfWork,
        products: app.productRepository,
        audit: app.audit,
        catalog: app.catalog,
        images: app.productImages,
        reservedStock: () => app.checkoutRepository.reservedStock(),
      }),
    );
  },
  {
    name: 'catalog-admin',
    dependencies: ['unit-of-work', 'product-repository', 'audit', 'catalog', 'product-images', 'order-repositories'],
  },
);
