/**
 * What a server-rendered page hands to the browser for hydration: the shop's origin, the query cache the server
 * filled, and the router's loader data. Written as JSON into a non-executed <script> (the CSP forbids inline
 * scripts), escaped so that no value can close the element.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import { toScriptJson } from '#web/lib/script-json.ts';
import type { VisitorOnServer } from './visitor-on-server.ts';

export const PAGE_DATA_ELEMENT_ID = 'page-data';

export interface PageData {
  origin: string;
  /**
   * The server's cached answers by query key, with when they were read. A plain list rather than TanStack's
   * `dehydrate` format: `hydrate` would add to every page's first load what two `setQueryData` calls do.
   */
  queries: { updatedAt: number; entries: [QueryKey, unknown][] };
  router: HydrationState;
  visitor: VisitorOnServer;
}

/** Fills the browser's cache with the server's answers, so its first render matches and nothing refetches at once. */
export function fillQueryCache(queryClient: QueryClient, { updatedAt, entries }: PageData['queries']): void {
  for (const [queryKey, data] of entries) queryClient.setQueryData(queryKey, data, { updatedAt });
}

/** The page data as its element holds it, escaped so that no value can close the element. */
export function serialisePageData(data: PageData): string {
  return toScriptJson(data);
}

export function readPageData(document: Document): PageData | null {
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  return element?.textContent ? (JSON.parse(element.textContent) as PageData) : null;
}
