/**
 * What every screen of the owner's shows while its data comes: loading, or what went wrong (the server's message or
 * `failed`) with Retry; then `children` with the data.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '#web/components/errors/load-error.tsx';
import { PageLoading } from '#web/components/layout/page-loading.tsx';
import { failureMessage, OFFLINE_MESSAGE } from '#web/lib/api-client.ts';

interface QueryStateProps<Data> {
  query: UseQueryResult<Data>;
  failed: string;
  children: (data: Data) => ReactNode;
}

export function QueryState<Data>({ query, failed, children }: QueryStateProps<Data>) {
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return (
      <LoadError
        message={failureMessage(query.error, { fallback: failed, offline: OFFLINE_MESSAGE })}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}
