import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_BASE,
  ANALYTICS_PATHS,
  analyticsDramasData,
  analyticsDramasQuery,
  analyticsFunnelData,
  analyticsFunnelParams,
  analyticsFunnelQuery,
  analyticsRetentionData,
  analyticsRetentionQuery,
  analyticsStatusData,
  envelope,
} from '@snapdrama/contract';
import type { FastifyReply } from 'fastify';
import type { Clock } from '../../clock';
import { csvLine } from '../../http/csv';
import { ok } from '../../http/reply';
import type { OperatorGuards } from '../operators/operator-guard';
import type { AnalyticsService } from './analytics.service';

const cells = (values: (string | number | null)[]) =>
  csvLine(values.map((v) => (v === null ? null : String(v))));

/**
 * The console's analytics (issue 43 items 3-4): admins only, as revenue is in every answer.
 * Figures come from the rollups (decision 1604); CSV at the `.csv` paths (decision 1605).
 */
export function analyticsRoutes(deps: {
  analytics: AnalyticsService;
  guards: OperatorGuards;
  clock: Clock;
}): FastifyPluginAsyncZod {
  const { analytics } = deps;
  const adminOnly = deps.guards.requireOperator(['admin']);

  /** Streams CSV lines with a byte order mark (spreadsheets then read UTF-8). */
  const sendCsv = (reply: FastifyReply, name: string, lines: AsyncGenerator<string>) => {
    const stamp = deps.clock.now().toISOString().slice(0, 10);
    async function* withBom() {
      yield '\uFEFF';
      yield* lines;
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(withBom()));
  };

  return async (app) => {
    app.get(
      `${ADMIN_BASE}${ANALYTICS_PATHS.dramas}`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          description:
            'Dramas with activity in the range: viewers, starts, completion, paywall and conversion, coins and revenue; sorted, paged.',
          querystring: analyticsDramasQuery,
          response: { 200: envelope(analyticsDramasData) },
        },
      },
      async (request) => ok(await analytics.dramas(request.query)),
    );

    app.get(
      `${ADMIN_BASE}${ANALYTICS_PATHS.dramasCsv}`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          description: 'The dramas table as CSV (every page, in the asked order).',
          querystring: analyticsDramasQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        // validate the range before the first byte is sent
        analytics.rangeOf(request.query);
        return sendCsv(reply, 'analytics-dramas', analytics.dramasCsv(request.query, cells));
      },
    );

    app.get(
      `${ADMIN_BASE}${ANALYTICS_PATHS.funnel}`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          description:
            "One drama's funnel episode by episode: viewers, starts, completions, the paywall's outcomes, coins and revenue.",
          params: analyticsFunnelParams,
          querystring: analyticsFunnelQuery,
          response: { 200: envelope(analyticsFunnelData) },
        },
      },
      async (request) => ok(await analytics.funnel(request.params.dramId, request.query)),
    );

    app.get(
      `${ADMIN_BASE}${ANALYTICS_PATHS.funnelCsv}`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          description: "One drama's funnel as CSV: a row per episode, then the totals.",
          params: analyticsFunnelParams,
          querystring: analyticsFunnelQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const { dramId } = request.params;
        // the first line is read before answering: a bad range or drama answers its code
        const lines = analytics.funnelCsv(dramId, request.query, cells);
        const first = await lines.next();
        async function* all() {
          if (!first.done) yield first.value;
          yield* lines;
        }
        return sendCsv(reply, `analytics-funnel-${dramId}`, all());
      },
    );

    app.get(
      `${ADMIN_BASE}${ANALYTICS_PATHS.retention}`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          description:
            'Retention of a segment: D1/D7/D30, payers, revenue and ARPPU, and the grid by first week × week N.',
          querystring: analyticsRetentionQuery,
          response: { 200: envelope(analyticsRetentionData) },
        },
      },
      async (request) => ok(await analytics.retention(request.query)),
    );

    app.get(
      `${ADMIN_BASE}${ANALYTICS_PATHS.status}`,
      {
        preHandler: adminOnly,
        schema: {
          tags: ['admin'],
          description: 'How far the rollups have read the event log.',
          response: { 200: envelope(analyticsStatusData) },
        },
      },
      async () => ok(await analytics.status()),
    );
  };
}
