/** The Facebook Login dialog, www.facebook.com/{version}/dialog/oauth ("Manually Build a Login Flow"). */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { z } from 'zod';

import { allowMethods, readForm, sendHtml, sendRedirect } from '../../http.js';
import { consentErrorPage, consentPage } from '../consent-page.js';
import { splitList } from '../network.js';
import { withParams } from '../redirects.js';
import type { FacebookDeps } from './facebook-deps.js';

const NETWORK_LABEL = 'Facebook';

const PERMISSION_TEXT: Record<string, string> = {
  public_profile: 'Receive your name and profile picture',
  email: 'Receive your email address',
  pages_show_list: 'Show a list of the Pages you manage',
  pages_read_engagement: 'Read content posted on your Pages',
  pages_manage_posts: 'Create and manage content on your Pages',
  instagram_basic: 'Access profile and posts from the Instagram accounts connected to your Pages',
  instagram_content_publish: 'Create posts on the Instagram accounts connected to your Pages',
  business_management: 'Manage your business',
};

const dialogSchema = z.object({
  client_id: z.string().min(1),
  redirect_uri: z.string().min(1),
  state: z.string().optional(),
  scope: z.string().optional(),
  response_type: z.enum(['code']).default('code'),
});

/** GET shows the dialog; its form posts back to the same path with the person's answer. */
export async function loginDialog(deps: FacebookDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  allowMethods(req, ['GET', 'POST']);
  const params = req.method === 'POST' ? await readForm(req) : url.searchParams;
  const parsed = dialogSchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    return sendHtml(
      res,
      400,
      consentErrorPage(
        NETWORK_LABEL,
        'The dialog needs client_id and redirect_uri, and supports response_type=code only.',
      ),
    );
  }
  const request = parsed.data;
  if (request.client_id !== deps.app.appId) {
    return sendHtml(
      res,
      400,
      consentErrorPage(
        NETWORK_LABEL,
        'Invalid App ID: The provided app ID does not look like a valid app ID.',
      ),
    );
  }
  if (!deps.context.redirects.allows(request.redirect_uri)) {
    return sendHtml(
      res,
      400,
      consentErrorPage(
        NETWORK_LABEL,
        "URL Blocked: This redirect failed because the redirect URI is not whitelisted in the app's Client OAuth Settings.",
      ),
    );
  }
  if (req.method === 'POST') return decide(deps, res, request, params);
  const people = deps.demoUserIds
    .map((id) => deps.state.users.get(id))
    .filter((user) => user !== undefined)
    .map((user) => ({ id: user.id, label: `${user.name} (${user.email})` }));
  const scopes = splitList(request.scope);
  sendHtml(
    res,
    200,
    consentPage({
      network: NETWORK_LABEL,
      permissions: (scopes.length > 0 ? scopes : ['public_profile']).map(
        (scope) => PERMISSION_TEXT[scope] ?? scope,
      ),
      accounts: people,
      selectedAccountId: people[0]?.id,
      action: url.pathname,
      hidden: Object.fromEntries(
        Object.entries(request).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      allowLabel: 'Allow',
      cancelLabel: 'Cancel',
    }),
  );
}

function decide(
  deps: FacebookDeps,
  res: ServerResponse,
  request: z.infer<typeof dialogSchema>,
  form: URLSearchParams,
) {
  if (form.get('decision') !== 'allow') {
    // "Manually Build a Login Flow", canceled login: these four parameters, plus state.
    return sendRedirect(
      res,
      withParams(request.redirect_uri, {
        error_reason: 'user_denied',
        error: 'access_denied',
        error_description: 'Permissions error.',
        state: request.state,
      }),
    );
  }
  const user = deps.state.users.get(form.get('account') ?? '');
  if (!user) return sendHtml(res, 400, consentErrorPage(NETWORK_LABEL, 'Choose one of the listed accounts.'));
  const code = deps.state.createCode({
    userId: user.id,
    redirectUri: request.redirect_uri,
    scopes: splitList(request.scope),
  });
  sendRedirect(res, withParams(request.redirect_uri, { code, state: request.state }));
}
