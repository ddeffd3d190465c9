/**
 * One row of a list opened in place of the list (an order, a message): the link back to the list as it was, then the
 * row once it has come, read from its heading (it was opened from a link far down the page).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { QueryState } from './query-state.tsx';

interface OpenedRowProps<Data> {
  backHref: string;
  /** 'Back to orders'. */
  backText: string;
  query: UseQueryResult<Data>;
  failed: string;
  /** The row; `headingRef` goes on its heading. */
  children: (data: Data, headingRef: RefObject<HTMLHeadingElement | null>) => ReactNode;
}

export function OpenedRow<Data>({ backHref, backText, query, failed, children }: OpenedRowProps<Data>) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loaded = query.isSuccess;
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  return (
    <div className="flex flex-col gap-6">
      <p>
        <Link to={backHref} className="font-semibold text-roast-800 underline underline-offset-4 hover:text-roast-900">
          {backText}
        </Link>
      </p>
      <QueryState query={query} failed={failed}>
        {(data) => children(data, headingRef)}
      </QueryState>
    </div>
  );
}
