/**
 * The owner's report routes (docs/api.md, The owner's API; decision 099), in the admin scope: the owner's alone, as
 * takings are. Each parses with the shared schema, asks `app.reports` and answers; the VAT figures also as CSV.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '#shared/schemas/error';
import {
  SalesReportQuerySchema,
  SalesReportSchema,
  VatReportQuerySchema,
  VatReportSchema,
} from '#shared/schemas/report';
import { documentedOnly } from '../../lib/documented-only.ts';
import { vatReportCsv } from './orders-csv.ts';

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { '4xx': ApiErrorSchema };

  app.get(
    '/reports/sales',
    { schema: { querystring: SalesReportQuerySchema, response: { 200: SalesReportSchema, ...errors } } },
    (request) => app.reports.sales(request.query),
  );

  app.get(
    '/reports/vat',
    { schema: { querystring: VatReportQuerySchema, response: { 200: VatReportSchema, ...errors } } },
    (request) => app.reports.vat(request.query),
  );

  app.get(
    '/reports/vat.csv',
    {
      schema: {
        querystring: VatReportQuerySchema,
        response: {
          200: {
            description: 'The VAT of those days by rate, then boxes 1 and 6, as an attachment.',
            content: {
              'text/csv': {
                schema: documentedOnly({
                  description: 'rate, sales excluding VAT, VAT, sales including VAT',
                  shape: { type: 'string' },
                }),
              },
            },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="roast-and-co-vat-${from}-to-${to}.csv"`)
        .send(vatReportCsv(await app.reports.vat(request.query), request.query));
    },
  );
};

export default reportRoutes;
