/**
 * A screen's title, search-result description and canonical link, through React 19's document metadata:
 * rendered with the screen, placed in <head> by React, and gone with it. Rendering them touches no `document`,
 * so the server renders the same screen.
 */
import { useLocation } from 'react-router';
import { useShopOrigin } from '#web/lib/shop-origin.ts';

interface PageMetaProps {
  /** The whole title, e.g. 'About Us | Roast & Co.'. */
  title: string;
  /** A sentence or two for search results and link previews; under 160 characters reads whole. */
  description: string;
}

export function PageMeta({ title, description }: PageMetaProps) {
  const origin = useShopOrigin();
  const { pathname } = useLocation();
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {/* The address without its query: a search or a filter is the same page to a search engine. */}
      {origin && <link rel="canonical" href={`${origin}${pathname}`} />}
    </>
  );
}
