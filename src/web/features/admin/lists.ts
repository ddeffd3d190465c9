/**
 * The owner's lists, one declaration each: the filters the address bar keeps (list-fields.ts), what they ask the API
 * for, and the words the list shows around its rows. A screen renders one with `useAdminList` and `<AdminList>` and a
 * row renderer; a new list is a declaration here and a row renderer (decision 089).
 */
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import {
  AdminMessageListSchema,
  AdminOrderListSchema,
  AdminReviewListSchema,
  AUDIT_ACTIONS,
  AuditListSchema,
  MESSAGE_STATUSES,
  ORDER_STATUSES,
} from '#shared/schemas/admin';
import type { AdminProduct, AdminProductList } from '#shared/schemas/admin-product';
import { adminListQueryOptions, type ListParams, type PagedList } from './api/get-admin-list.ts';
import { ADMIN_PRODUCTS_FAILED, adminProductsQueryOptions } from './api/get-admin-products.ts';
import { auditTarget } from './audit-format.ts';
import { choice, isListFiltered, type ListFields, type ListFilter, text } from './list-fields.ts';
import { type ListPage, PER_PAGE, pageOffset, pageRange } from './list-page.ts';

export interface ListTexts<Item, Filter> {
  /** Shown with Retry when the list cannot be had (the server's own message comes first). */
  failed: string;
  /** The list's heading, over the page shown. */
  heading: (page: ListPage<Item, Filter>) => string;
  /** What a list with nothing in it says in place of a heading; without it, the heading says so. */
  empty?: (filter: Filter) => string;
  /** What a page past the end (an old link) says in place of rows. */
  pastEnd?: string;
  /** The rows' accessible name ('Reviews, newest first'). */
  listName: string;
  /** The pager's accessible name ('Pages of reviews'). */
  pagerLabel: string;
}

export interface AdminListDeclaration<
  Fields extends ListFields,
  Item,
  Data = unknown,
  Key extends QueryKey = QueryKey,
> {
  fields: Fields;
  /** The query for one filter's page; its answer carries the filter it answers. */
  query: (filter: ListFilter<Fields>) => UseQueryOptions<Data, Error, ListPage<Item, ListFilter<Fields>>, Key>;
  /** Whether the API pages the list (Previous and Next), or sends it whole. */
  paged: boolean;
  texts: ListTexts<Item, ListFilter<Fields>>;
}

/** A declaration as it is, its types inferred. */
const declareList = <Fields extends ListFields, Item, Data, Key extends QueryKey>(
  list: AdminListDeclaration<Fields, Item, Data, Key>,
) => list;

/** A list the API pages, 50 rows a page, asked for with `params` beside `limit` and `offset`. */
function pagedList<Fields extends ListFields, Item>(
  list: Omit<PagedList<Item, ListFilter<Fields>>, 'params'> & {
    fields: Fields;
    params: (filter: ListFilter<Fields>) => ListParams;
    texts: ListTexts<Item, ListFilter<Fields>>;
  },
) {
  const source: PagedList<Item, ListFilter<Fields>> = {
    ...list,
    params: (filter) => ({ limit: PER_PAGE, offset: pageOffset(filter.page), ...list.params(filter) }),
  };
  const declared = declareList({
    fields: list.fields,
    paged: true,
    texts: list.texts,
    query: (filter: ListFilter<Fields>) => adminListQueryOptions(source, filter),
  });
  // The API's query too, to be seen apart from a request.
  return { ...declared, params: source.params };
}

/** '1 review', '1,234 reviews'. */
export const countOf = (total: number, one: string, many: string): string =>
  total === 1 ? `1 ${one}` : `${total.toLocaleString('en-GB')} ${many}`;

/** 'Orders 1–50 of 120', or '1 order'. */
const rangeOf =
  (one: string, many: string) =>
  ({ items, total, filter }: ListPage<unknown, { page: number }>) =>
    total === 1 ? `1 ${one}` : `${many} ${pageRange(pageOffset(filter.page), items.length, total)}`;

const orderFields = { status: choice(ORDER_STATUSES), q: text() };

export const ordersList = pagedList({
  kind: 'orders',
  path: adminApiPaths.orders,
  schema: AdminOrderListSchema,
  fields: orderFields,
  params: ({ status, q }) => ({ status, q: q || undefined }),
  texts: {
    failed: 'We could not load the orders. Please try again.',
    heading: rangeOf('order', 'Orders'),
    empty: (filter) => (isListFiltered(orderFields, filter) ? 'No orders match.' : 'No orders yet.'),
    pastEnd: 'This page is past the last order.',
    listName: 'Orders, newest first',
    pagerLabel: 'Pages of orders',
  },
});

const auditFields = { action: choice(AUDIT_ACTIONS), target: text() };

export const auditList = pagedList({
  kind: 'audit',
  path: adminApiPaths.audit,
  schema: AuditListSchema,
  fields: auditFields,
  params: ({ action, target }) => ({ action, target: target ? auditTarget(target) : undefined }),
  texts: {
    failed: 'We could not load the audit. Please try again.',
    heading: rangeOf('change', 'Changes'),
    empty: (filter) =>
      isListFiltered(auditFields, filter) ? 'No changes match these filters.' : 'No changes recorded yet.',
    pastEnd: 'This page is past the last change.',
    listName: 'Changes, newest first',
    pagerLabel: 'Pages of changes',
  },
});

/** Which reviews or products are listed: all of them, those the shop shows, or those it hides. */
export const SHOWN = ['all', 'shown', 'hidden'] as const;
export type Shown = (typeof SHOWN)[number];
export const SHOWN_OPTIONS = SHOWN.map((value) => ({
  value,
  label: { all: 'All', shown: 'Shown', hidden: 'Hidden' }[value],
}));
const HIDDEN: Record<Shown, boolean | undefined> = { all: undefined, shown: false, hidden: true };

/** What the listed reviews are about: anything, the shop, or its products. */
export const ABOUT = ['all', 'shop', 'products'] as const;
export const ABOUT_OPTIONS = ABOUT.map((value) => ({
  value,
  label: { all: 'Everything', shop: 'The shop', products: 'Products' }[value],
}));

export const reviewsList = pagedList({
  kind: 'reviews',
  path: adminApiPaths.reviews,
  schema: AdminReviewListSchema,
  fields: { shown: choice(SHOWN, 'all'), about: choice(ABOUT, 'all') },
  params: ({ shown, about }) => ({ hidden: HIDDEN[shown], about: about === 'all' ? undefined : about }),
  texts: {
    failed: 'We could not load the reviews. Please try again.',
    heading: ({ total }) => countOf(total, 'review', 'reviews'),
    empty: ({ shown, about }) =>
      shown === 'all' && about === 'all'
        ? 'No reviews yet.'
        : `No ${shown === 'all' ? '' : `${shown} `}reviews${{ all: '', shop: ' of the shop', products: ' of products' }[about]}.`,
    listName: 'Reviews, newest first',
    pagerLabel: 'Pages of reviews',
  },
});

/** Messages open on what needs doing: the new ones. */
export const messagesList = pagedList({
  kind: 'messages',
  path: adminApiPaths.messages,
  schema: AdminMessageListSchema,
  fields: { status: choice([...MESSAGE_STATUSES, 'all'], 'new') },
  params: ({ status }) => ({ status: status === 'all' ? undefined : status }),
  texts: {
    failed: 'We could not load the messages. Please try again.',
    heading: ({ total }) => (total === 0 ? 'No messages' : countOf(total, 'message', 'messages')),
    listName: 'Messages, newest first',
    pagerLabel: 'Pages of messages',
  },
});

export function filterProducts<Product extends { hidden: boolean }>(products: readonly Product[], shown: Shown) {
  return shown === 'all' ? [...products] : products.filter((product) => product.hidden === (shown === 'hidden'));
}

const productFields = { shown: choice(SHOWN, 'all') };

/** The API sends every product at once, in the shop's order (the form reads the same answer): filtered here. */
export const productsList = declareList({
  fields: productFields,
  paged: false,
  query: (filter: ListFilter<typeof productFields>) => ({
    ...adminProductsQueryOptions(),
    select: ({ items }: AdminProductList): ListPage<AdminProduct, ListFilter<typeof productFields>> => {
      const listed = filterProducts(items, filter.shown);
      return { items: listed, total: listed.length, filter };
    },
  }),
  texts: {
    failed: ADMIN_PRODUCTS_FAILED,
    heading: ({ total }) => countOf(total, 'product', 'products'),
    empty: ({ shown }) => (shown === 'all' ? 'No products yet.' : `No ${shown} products.`),
    listName: "Products, in the shop's order",
    pagerLabel: 'Pages of products',
  },
});
