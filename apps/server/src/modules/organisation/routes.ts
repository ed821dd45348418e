import {
  errorBody,
  healthClaimSettings,
  organisationSettings,
  organisationSettingsBody,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/plugin.js';
import { claimSettingsOf } from './health-claims.js';
import { getOrganisationSettings, updateOrganisationSettings, type OrganisationDeps } from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const tags = ['settings'];
const security = [{ bearer: [] }];

/** The organization's settings (issue 15): the portal's admins read and change them; every change is recorded. */
export function organisationRoutes(app: FastifyInstance, deps: OrganisationDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;

  r.get(
    '/api/settings/organisation',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'The organization’s settings, the defaults that apply when unset, and the last changes (admins)',
        response: { 200: organisationSettings, ...errors },
      },
    },
    (req) => getOrganisationSettings(deps, actorOf(req)),
  );
  r.put(
    '/api/settings/organisation',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change the organization’s settings; the change is recorded with who made it (admins)',
        description:
          'A change of the health-claim rules (`claimRulesOff`, `claimPhrases`) also queues a recheck of the warnings stored with the old rules: every content item of the organization (library and feed items) and its scheduled Auto-Posts, in the background (usually within seconds); the answer does not wait for it. A scheduled Auto-Post whose recheck finds a claim no admin acknowledged loses its `claimsAcknowledged`.',
        body: organisationSettingsBody,
        response: { 200: organisationSettings, ...errors },
      },
    },
    (req) => updateOrganisationSettings(deps, actorOf(req), req.body),
  );
  r.get(
    '/api/settings/health-claims',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'The organization’s health-claim rules (issue 30): built-in rules switched off and its own phrases, which every caption is checked with (any member, for the composer’s warnings as they type)',
        response: { 200: healthClaimSettings, ...errors },
      },
    },
    (req) => claimSettingsOf(deps.db, actorOf(req).portalId),
  );
}
