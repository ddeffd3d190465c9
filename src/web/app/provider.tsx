/** App-wide providers: the query cache that holds the catalog for the session. */
import { useState, type ReactNode } from 'react';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiRequestError } from '#web/lib/api-client.ts';

const FIVE_MINUTES = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The spec logs loading errors to the console; screens also show a message with Retry.
    queryCache: new QueryCache({
      onError: (error, query) => console.error(`Could not load ${JSON.stringify(query.queryKey)}:`, error),
    }),
    defaultOptions: {
      queries: {
        // The catalog changes rarely; the server's ETag makes a refetch cheap when it does happen.
        staleTime: FIVE_MINUTES,
        // A 4xx will not change on a second try; a dropped connection might.
        retry: (failureCount, error) => !(error instanceof ApiRequestError && error.isClientError) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
