/** App-wide providers: the query cache that holds the catalog, and the customer's session kept in step with it. */
import { useEffect, useState, type ReactNode } from 'react';
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useVerifyStoredSession } from '#web/features/accounts/hooks/use-verify-stored-session.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { customerQueryKey, getSession, subscribeSession } from '#web/lib/session.ts';
import { ShopOriginContext } from '#web/lib/shop-origin.ts';
import { type VisitorOnServer, VisitorOnServerContext } from './visitor-on-server.ts';

const FIVE_MINUTES = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Loading errors are logged to the console; screens also show a message with Retry.
    queryCache: new QueryCache({
      onError: (error, query) => {
        // The cart's loading errors are only logged and the cart shows empty: a warning, not an error.
        const log = query.meta?.quietErrors ? console.warn : console.error;
        log(`Could not load ${JSON.stringify(query.queryKey)}:`, error);
      },
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

/** Another customer, or none (logout here or in another tab, a refused token): their cached data must not outlive them. */
function useForgetCustomerDataWhenTheCustomerChanges(queryClient: QueryClient): void {
  useEffect(() => {
    let customerId = getSession()?.user._id;
    return subscribeSession(() => {
      const nextCustomerId = getSession()?.user._id;
      if (nextCustomerId !== customerId) queryClient.removeQueries({ queryKey: customerQueryKey });
      customerId = nextCustomerId;
    });
  }, [queryClient]);
}

interface AppProviderProps {
  children: ReactNode;
  /** A cache filled before rendering: by the server, or in the browser from the server's page data. */
  queryClient?: QueryClient;
  /** The shop's public origin, for canonical links (lib/shop-origin.ts). */
  origin?: string;
  /** What the server rendering the page knew of the visitor; given when hydrating a server-rendered page. */
  visitorOnServer?: VisitorOnServer;
}

export function AppProvider({
  children,
  queryClient: givenQueryClient,
  origin = '',
  visitorOnServer = { cartKept: true },
}: AppProviderProps) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  useForgetCustomerDataWhenTheCustomerChanges(queryClient);
  useVerifyStoredSession();
  return (
    <QueryClientProvider client={queryClient}>
      <ShopOriginContext value={origin}>
        <VisitorOnServerContext value={visitorOnServer}>{children}</VisitorOnServerContext>
      </ShopOriginContext>
    </QueryClientProvider>
  );
}
