/**
 * A screen's title and search-result description, through React 19's document metadata: rendered with the
 * screen, placed in <head> by React, and gone with it. Rendering them touches no `document`, so a server can
 * render the same screen.
 */
interface PageMetaProps {
  /** The whole title, e.g. 'About Us | Roast & Co.'. */
  title: string;
  /** A sentence or two for search results and link previews; under 160 characters reads whole. */
  description: string;
}

export function PageMeta({ title, description }: PageMetaProps) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
    </>
  );
}
