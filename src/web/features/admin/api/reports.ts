/**
 * The owner's reports (decision 099): sales by interval with the best sellers, the VAT of a period, and the CSV
 * downloads (orders, VAT figures) fetched with the owner's session and saved by the browser, since a plain link to an
 * /api/admin address carries no bearer token.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { adminApiPaths } from '#shared/admin-api-paths';
import {
  type SalesReport,
  type SalesReportQuery,
  SalesReportSchema,
  type VatReport,
  type VatReportQuery,
  VatReportSchema,
} from '#shared/schemas/report';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminKey } from './get-admin-list.ts';

export const REPORT_FAILED = 'We could not load the figures. Please try again.';
export const DOWNLOAD_FAILED = 'The download did not work. Please try again.';
const reportsKey = adminKey('reports');

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

export function useSalesReport(query: SalesReportQuery) {
  return useQuery({
    queryKey: [...reportsKey, 'sales', query],
    queryFn: async ({ signal }): Promise<SalesReport> =>
      SalesReportSchema.parse(
        await apiRequest<unknown>(withQuery(adminApiPaths.salesReport, { ...query }), { signal }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useVatReport(query: VatReportQuery) {
  return useQuery({
    queryKey: [...reportsKey, 'vat', query],
    queryFn: async ({ signal }): Promise<VatReport> =>
      VatReportSchema.parse(await apiRequest<unknown>(withQuery(adminApiPaths.vatReport, { ...query }), { signal })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** A CSV of the owner's, fetched with the session and handed to the browser as a file to save. */
async function downloadCsv({
  path,
  query,
  filename,
}: {
  path: string;
  query: Record<string, string>;
  filename: string;
}) {
  const csv = await apiRequest<string>(withQuery(path, query), { answer: 'text' });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export const useCsvDownload = () => useMutation({ mutationFn: downloadCsv });

export const ordersCsvDownload = (query: { from: string; to: string }) => ({
  path: adminApiPaths.ordersCsv,
  query,
  filename: `roast-and-co-orders-${query.from}-to-${query.to}.csv`,
});

export const vatCsvDownload = (query: { from: string; to: string }) => ({
  path: adminApiPaths.vatReportCsv,
  query,
  filename: `roast-and-co-vat-${query.from}-to-${query.to}.csv`,
});
