import { Readable } from 'node:stream';
import {
  errorBody,
  myStats as myStatsSchema,
  myStatsQuery,
  reportDescriptions,
  reportParams,
  reportRoutes as reportRouteNames,
  reportTitles,
  reportQuery,
  reportResult,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/plugin.js';
import { myStats } from './my-stats.js';
import { csvExport, runReport, type ReportsDeps } from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const tags = ['reports'];
const security = [{ bearer: [] }];
/** Each report's route, title and what it tells, for the OpenAPI description. */
const reportList = reportRouteNames
  .map((route) => `- \`${route}\`: ${reportTitles[route]}. ${reportDescriptions[route]}`)
  .join('\n');

/** Reports (admins, their portal) and a member's own results (issue 14). */
export function reportRoutes(app: FastifyInstance, deps: ReportsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;

  r.get(
    '/api/report/:route',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'A report of the portal (admins): JSON, or with format=csv the whole report as streamed text/csv',
        description: `Days and hours are read in \`tz\`, else the caller's zone. \`topusers\` and \`popularcontent\` carry \`linkClicks\`, which \`sort\` accepts. \`by\` chooses a report's view: \`linkclicks\` by \`post\` (one row per link, the default), \`member\` or \`network\`, in JSON and CSV alike; any other report answers 400 to \`by\`. The reports:\n${reportList}`,
        params: reportParams,
        querystring: reportQuery,
        response: { 200: z.union([reportResult, z.string()]), ...errors },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (req.query.format === 'json') return runReport(deps, actor, req.params.route, req.query);
      const { fileName, lines } = await csvExport(deps, actor, req.params.route, req.query);
      // Streamed as it is read: the response schema does not apply to a stream, so it is sent raw.
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines) as unknown as string); // a stream, which Fastify pipes
    },
  );

  r.get(
    '/api/stats/me',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'My results: my published posts and their engagement, against the previous period',
        description:
          'With `linkClicks` (clicks, unique clicks and link previews on the FitPost short links of my posts in the period) and `clickedPosts` (my most clicked links, deleted posts included).',
        querystring: myStatsQuery,
        response: { 200: myStatsSchema, ...errors },
      },
    },
    (req) => myStats(deps, actorOf(req), req.query),
  );
}
