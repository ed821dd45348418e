import { escapeHtml, page } from '../html.js';
import { DEMO_PASSWORD, demoMembers } from './members.js';

/** The membership organisation this SSO stands in for. */
export const ORGANISATION = 'FitPro Academy';

export const SIGN_IN_ERROR = 'Incorrect email or password.';

function heading(subtitle: string): string {
  return `<h1><span class="organisation">${escapeHtml(ORGANISATION)}</span> ${escapeHtml(subtitle)}</h1>`;
}

export interface SignInPageOptions {
  /** Where the form posts: the interaction's login path. */
  action: string;
  /** Where "Cancel" leads: the interaction's abort path, which returns access_denied to the client. */
  cancelUrl: string;
  clientName: string | undefined;
  email: string;
  error: string | undefined;
}

/** The organisation's member sign-in form, shown whenever oidc-provider asks for the login prompt. */
export function signInPage(options: SignInPageOptions): string {
  const invalid = options.error ? ' aria-invalid="true" aria-describedby="sign-in-error"' : '';
  const error = options.error
    ? `<p class="error" id="sign-in-error" role="alert">${escapeHtml(options.error)}</p>`
    : '';
  const purpose = options.clientName
    ? `<p>Sign in with your membership to continue to ${escapeHtml(options.clientName)}.</p>`
    : '<p>Sign in with your membership.</p>';
  const emails = demoMembers.map((member) => `<li><code>${escapeHtml(member.email)}</code></li>`).join('');
  return page({
    title: `Member sign-in – ${ORGANISATION}`,
    body: `${heading('Member sign-in')}
${purpose}
${error}
<form method="post" action="${escapeHtml(options.action)}">
  <div class="field">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email)}"${invalid}>
  </div>
  <div class="field">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
  </div>
  <button type="submit">Sign in</button>
</form>
<p class="hint">This is a sandbox. The demo password for every member is <code>${escapeHtml(DEMO_PASSWORD)}</code>.</p>
<details class="hint"><summary>Demo members</summary><ul>${emails}</ul></details>
<p><a href="${escapeHtml(options.cancelUrl)}">Cancel and go back</a></p>`,
  });
}

/** Shown when the sign-in link no longer leads anywhere, e.g. the interaction expired or cookies were lost. */
export function expiredPage(): string {
  return page({
    title: `Sign-in expired – ${ORGANISATION}`,
    body: `${heading('Sign-in expired')}
<p>This sign-in page has expired or was opened in another browser. Go back to the application and start signing in again.</p>`,
  });
}

/** oidc-provider's error page (renderError): a request it cannot answer by redirecting to the client. */
export function errorPage(error: string, description: string | undefined): string {
  const detail = description ? `<p>${escapeHtml(description)}</p>` : '';
  return page({
    title: `Sign-in problem – ${ORGANISATION}`,
    body: `${heading('Sign-in problem')}
<p>The request could not be completed.</p>
${detail}
<p>Error code: <code>${escapeHtml(error)}</code></p>`,
  });
}

/**
 * The RP-initiated logout confirmation. oidc-provider insists on a form post carrying its XSRF token; the
 * sandbox has no reason to ask, so /assets/auto-submit.js clicks "Sign out" as soon as the page loads.
 * `form` is oidc-provider's own markup (id "op.logoutForm") and is embedded unchanged.
 */
export function logoutPage(form: string): string {
  return page({
    title: `Signing out – ${ORGANISATION}`,
    scripts: ['/assets/auto-submit.js'],
    body: `${heading('Signing out')}
<p>You are being signed out of your membership.</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" data-auto-submit>Sign out</button>`,
  });
}

/** Shown after logout when the client did not ask to be returned anywhere. */
export function signedOutPage(): string {
  return page({
    title: `Signed out – ${ORGANISATION}`,
    body: `${heading('Signed out')}
<p>You are signed out of your membership.</p>`,
  });
}
