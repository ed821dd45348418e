import type { IncomingMessage, ServerResponse } from 'node:http';

import type Provider from 'oidc-provider';
import { errors, type InteractionResults } from 'oidc-provider';
import { z } from 'zod';

import { allowMethods, HttpError, readForm, sendHtml, type Handler } from '../http.js';
import { authenticate } from './members.js';
import { INTERACTION_PATH } from './provider.js';
import { expiredPage, signInPage, SIGN_IN_ERROR } from './views.js';

/** `/sso/interaction/<uid>` shows the step; `/login` takes the form; `/abort` gives up. */
const INTERACTION_ROUTE = new RegExp(`^${INTERACTION_PATH}/([A-Za-z0-9_-]+)(?:/(login|abort))?$`);

/** What oidc-provider reports as missing when it asks for the consent prompt. */
const consentDetailsSchema = z.object({
  missingOIDCScope: z.array(z.string()).optional(),
  missingOIDCClaims: z.array(z.string()).optional(),
  missingResourceScopes: z.record(z.string(), z.array(z.string())).optional(),
});

const interactionParamsSchema = z.object({
  client_id: z.string(),
  login_hint: z.string().optional(),
});

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/**
 * The sandbox's own interaction pages (oidc-provider's dev interactions stay off). Login asks for the member's
 * email and password; consent is never shown, because FitPost is the organisation's first-party client.
 */
export function createInteractionHandler(provider: Provider): Handler {
  return async (req, res, url) => {
    const match = INTERACTION_ROUTE.exec(url.pathname);
    const uid = match?.[1];
    if (!uid) throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
    const step = match[2];
    // Only GET for the page itself: showing the consent step completes it, which a HEAD probe must not do.
    allowMethods(req, step === 'login' ? ['POST'] : ['GET']);
    const interaction = await findInteraction(provider, req, res, uid);
    if (!interaction) return sendHtml(res, 400, expiredPage());
    switch (step) {
      case 'login':
        return submitSignIn(provider, interaction, req, res);
      case 'abort':
        return finish(provider, req, res, {
          error: 'access_denied',
          error_description: 'The member cancelled signing in.',
        });
      default:
        return showStep(provider, interaction, req, res);
    }
  };
}

/** The interaction named by the cookie, if it is the one in the URL; a stale tab or lost cookie gives none. */
async function findInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<Interaction | undefined> {
  try {
    const interaction = await provider.interactionDetails(req, res);
    return interaction.uid === uid ? interaction : undefined;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return undefined;
    throw error;
  }
}

async function showStep(
  provider: Provider,
  interaction: Interaction,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  switch (interaction.prompt.name) {
    case 'login': {
      const params = interactionParamsSchema.parse(interaction.params);
      return sendHtml(
        res,
        200,
        await renderSignIn(provider, interaction, params.login_hint ?? '', undefined),
      );
    }
    case 'consent':
      // Merged with the login just submitted, so a `prompt=login` request does not ask for it again.
      return finish(
        provider,
        req,
        res,
        { consent: { grantId: await grantConsent(provider, interaction) } },
        true,
      );
    default:
      // The default policy only has login and consent; anything else is a configuration mistake.
      throw new Error(`sandbox sso: unsupported prompt ${interaction.prompt.name}`);
  }
}

async function submitSignIn(
  provider: Provider,
  interaction: Interaction,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (interaction.prompt.name !== 'login') {
    throw new HttpError(400, 'bad_request', 'This sign-in step does not take credentials.');
  }
  const form = await readForm(req);
  const email = form.get('email') ?? '';
  const member = authenticate(email, form.get('password') ?? '');
  if (!member) return sendHtml(res, 401, await renderSignIn(provider, interaction, email, SIGN_IN_ERROR));
  // oidc-provider comes back with the consent prompt next, which showStep grants without asking.
  return finish(provider, req, res, { login: { accountId: member.sub, amr: ['pwd'] } });
}

async function renderSignIn(
  provider: Provider,
  interaction: Interaction,
  email: string,
  error: string | undefined,
): Promise<string> {
  const { client_id: clientId } = interactionParamsSchema.parse(interaction.params);
  const client = await provider.Client.find(clientId);
  return signInPage({
    action: `${INTERACTION_PATH}/${interaction.uid}/login`,
    cancelUrl: `${INTERACTION_PATH}/${interaction.uid}/abort`,
    clientName: client?.clientName,
    email,
    error,
  });
}

/** Grants whatever the first-party client asked for, extending the session's existing grant if there is one. */
async function grantConsent(provider: Provider, interaction: Interaction): Promise<string> {
  const details = consentDetailsSchema.parse(interaction.prompt.details);
  const { client_id: clientId } = interactionParamsSchema.parse(interaction.params);
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId: interaction.session?.accountId, clientId });
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

/** Hands the result back to oidc-provider, which answers with a 303 to its resume endpoint. */
async function finish(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  result: InteractionResults,
  mergeWithLastSubmission = false,
): Promise<void> {
  await provider.interactionFinished(req, res, result, { mergeWithLastSubmission });
}
