import {
  autoPost,
  autoPostChoiceBody,
  autoPostChoiceResult,
  autoPostExportQuery,
  autoPostImportBody,
  autoPostImportLimits,
  autoPostImportResult,
  autoPostDetail,
  autoPostIdParams,
  autoPostList,
  autoPostListQuery,
  autoPostPreview,
  autoPostPreviewQuery,
  autoPostSettings,
  autoPostSettingsBody,
  autoPostUpsert,
  errorBody,
  memberAutoPostList,
  memberDetailGaps,
  memberDetailGapsQuery,
  upcomingAutoPostsQuery,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/plugin.js';
import { presentAutoPost, presentAutoPostDetail, presentMemberAutoPost } from './presenter.js';
import type { AutoPostDeps } from './access.js';
import { chooseForOccurrence, upcomingForMember } from './choices.js';
import {
  autoPostProgress,
  cancelAutoPost,
  createAutoPost,
  listAutoPosts,
  updateAutoPost,
} from './scheduling.js';
import { autoPostSettingsOf, updateAutoPostSettings } from './settings.js';
import { memberDetailGapsOf, previewAutoPost } from './preview.js';
import { importAutoPosts } from './import.js';
import { exportAutoPosts } from './export.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['autoposts'];
const security = [{ bearer: [] }];

/**
 * Auto-Post: admins schedule, edit, cancel and follow it; members opt in per account, see what
 * they will receive and skip or customise an occurrence.
 */
export function autoPostRoutes(app: FastifyInstance, deps: AutoPostDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;
  const present = (row: Parameters<typeof presentAutoPost>[1]) => presentAutoPost(deps.publicUrl, row);

  r.get(
    '/api/autoposts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The portal’s Auto-Posts (admins)',
        querystring: autoPostListQuery,
        response: { 200: autoPostList, ...errors },
      },
    },
    async (req) => (await listAutoPosts(deps, actorOf(req), req.query)).map(present),
  );
  r.post(
    '/api/autoposts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Schedule an Auto-Post (admins). Health claims in the body or X variants (merge fields filled) are refused with 422 naming each phrase unless `acknowledgeWarnings` is true; the acknowledgement is stored with the admin and time',
        body: autoPostUpsert,
        response: { 201: autoPost, ...errors, 422: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(present(await createAutoPost(deps, actorOf(req), req.body))),
  );
  r.post(
    '/api/autoposts/import',
    {
      onRequest,
      bodyLimit: autoPostImportLimits.maxRequestBytes,
      schema: {
        tags,
        security,
        summary: 'Import a plan: many Auto-Posts from CSV, all or none (admins)',
        description: [
          'The CSV (RFC 4180, UTF-8; a byte-order mark, CRLF or LF, quoted fields and Excel’s `sep=` first',
          'line are read) has a header row with the columns `date` (YYYY-MM-DD), `time` (HH:MM, 24-hour),',
          '`time_zone` (IANA; empty: the organization’s default zone), `text` (merge fields allowed), `link`,',
          '`networks` (x;linkedin;facebook;instagram, `;` or `|` between them), and optionally `content_id`',
          '(a library item of the portal: its graphic goes with the row, its text and link fill empty cells),',
          '`x_variants` (`|` between them), `x_spread_minutes` and `utm` (true/false), in any order; an unknown',
          'column is refused by name. At most 1 MB and 1,000 rows (413 / 400 naming the limits).',
          'Every row gets Schedule Auto-Post’s rules with its messages, plus: a time that does not exist in its',
          'zone (the hour clocks skip) and a row repeating an earlier one are refused; a cell starting with',
          '= + - or @ (a formula to a spreadsheet) is refused, and an apostrophe before such a character (as the',
          'export writes it) is taken off. `dryRun: true` only checks; `dryRun: false` schedules every row in',
          'one transaction, or, when any row is invalid, nothing and answers 422 with the same row list.',
        ].join(' '),
        body: autoPostImportBody,
        response: { 200: autoPostImportResult, 413: errorBody, 422: autoPostImportResult, ...errors },
      },
    },
    async (req, reply) => {
      const { status, result } = await importAutoPosts(deps, actorOf(req), req.body);
      return reply.status(status).send(result);
    },
  );
  r.get(
    '/api/autoposts/export',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Export the plan as CSV in the import’s columns (admins)',
        description:
          'The Auto-Posts still scheduled from the start of `from` to the end of `to` (days in the admin’s zone), one a row, each time in its own zone; cells a spreadsheet would run as formulas get a leading apostrophe, as in the report CSVs. Importing the file schedules the same plan.',
        querystring: autoPostExportQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const { fileName, csv } = await exportAutoPosts(deps, actorOf(req), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
  r.get(
    '/api/autoposts/upcoming',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'The Auto-Posts I will receive, on which accounts, with my choice (the next 100, or those in [from, to))',
        querystring: upcomingAutoPostsQuery,
        response: { 200: memberAutoPostList, ...errors },
      },
    },
    async (req) =>
      (await upcomingForMember(deps, actorOf(req), req.query)).map((item) =>
        presentMemberAutoPost(deps.publicUrl, item),
      ),
  );
  r.get(
    '/api/autoposts/member-details',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'How many members have Auto-Post on for these networks, and how many lack each merge field (admins)',
        querystring: memberDetailGapsQuery,
        response: { 200: memberDetailGaps, ...errors },
      },
    },
    (req) => memberDetailGapsOf(deps, actorOf(req), req.query.networks),
  );
  r.get(
    '/api/autoposts/settings',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'My accounts and their Auto-Post opt-in',
        response: { 200: autoPostSettings, ...errors },
      },
    },
    (req) => autoPostSettingsOf(deps.db, actorOf(req)),
  );
  r.put(
    '/api/autoposts/settings',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Turn Auto-Post on or off per account',
        body: autoPostSettingsBody,
        response: { 200: autoPostSettings, ...errors },
      },
    },
    (req) => updateAutoPostSettings(deps, actorOf(req), req.body),
  );
  r.get(
    '/api/autoposts/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One Auto-Post with its fan-out results by network (admins)',
        params: autoPostIdParams,
        response: { 200: autoPostDetail, ...errors },
      },
    },
    async (req) =>
      presentAutoPostDetail(deps.publicUrl, await autoPostProgress(deps, actorOf(req), req.params.id)),
  );
  r.get(
    '/api/autoposts/:id/preview',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'The Auto-Post as members get it, merge fields filled and links tagged: a sample of opted-in members, or `userId` (admins)',
        params: autoPostIdParams,
        querystring: autoPostPreviewQuery,
        response: { 200: autoPostPreview, ...errors },
      },
    },
    (req) => previewAutoPost(deps, actorOf(req), req.params.id, req.query.userId),
  );
  r.put(
    '/api/autoposts/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Change an Auto-Post before it starts (admins); health claims need `acknowledgeWarnings` as when scheduling (else 422)',
        params: autoPostIdParams,
        body: autoPostUpsert,
        response: { 200: autoPost, ...errors, 422: errorBody },
      },
    },
    async (req) => present(await updateAutoPost(deps, actorOf(req), req.params.id, req.body)),
  );
  r.post(
    '/api/autoposts/:id/cancel',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Cancel an Auto-Post; unsent member posts are canceled too (admins)',
        params: autoPostIdParams,
        response: { 200: autoPost, ...errors },
      },
    },
    async (req) => present(await cancelAutoPost(deps, actorOf(req), req.params.id)),
  );
  r.put(
    '/api/autoposts/:id/choice',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'My choice for this occurrence: auto, skip or custom (my own post)',
        params: autoPostIdParams,
        body: autoPostChoiceBody,
        response: { 200: autoPostChoiceResult, ...errors },
      },
    },
    (req) => chooseForOccurrence(deps, actorOf(req), req.params.id, req.body.choice),
  );
}
