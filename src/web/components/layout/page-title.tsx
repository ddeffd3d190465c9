/** Sets the document's title for the screen that renders it (after render, so rendering never touches `document`). */
import { useEffect } from 'react';

export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
