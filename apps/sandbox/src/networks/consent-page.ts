import { escapeHtml, page } from '../html.js';

/** One account the person at the consent page could be connecting. */
interface ConsentAccount {
  id: string;
  label: string;
}

export interface ConsentPageOptions {
  /** The network's name as the page shows it, e.g. "X". */
  network: string;
  /** What the app is asking for, in plain words. */
  permissions: readonly string[];
  accounts: readonly ConsentAccount[];
  /** The account selected when the page opens: the coach's, so tests that do not choose get a stable one. */
  selectedAccountId: string | undefined;
  /** Where the form posts; hidden fields carry the request through. */
  action: string;
  hidden: Record<string, string>;
  allowLabel: string;
  cancelLabel: string;
}

/**
 * The network's "authorize this app" page: which account is being connected, what the app may do, and two
 * buttons. Both post the same form with `decision=allow|cancel`, so no script is needed.
 */
export function consentPage(options: ConsentPageOptions): string {
  const hidden = Object.entries(options.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n  ');
  const accounts = options.accounts
    .map((account) => {
      const selected = account.id === options.selectedAccountId ? ' selected' : '';
      return `<option value="${escapeHtml(account.id)}"${selected}>${escapeHtml(account.label)}</option>`;
    })
    .join('');
  const permissions = options.permissions.map((item) => `<li>${escapeHtml(item)}</li>`).join('');
  const title = `Authorize FitPost – ${options.network} (sandbox)`;
  return page({
    title,
    body: `<h1><span class="organisation">${escapeHtml(options.network)} sandbox</span> Authorize FitPost to use your account?</h1>
<form method="post" action="${escapeHtml(options.action)}">
  ${hidden}
  <div class="field">
    <label for="account">Account</label>
    <select id="account" name="account" aria-describedby="account-hint">${accounts}</select>
    <p class="hint" id="account-hint">This is a sandbox: choose which demo account you are signed in as.</p>
  </div>
  <p>FitPost will be able to:</p>
  <ul class="scopes">${permissions}</ul>
  <div class="actions">
    <button type="submit" name="decision" value="allow">${escapeHtml(options.allowLabel)}</button>
    <button type="submit" name="decision" value="cancel" class="secondary">${escapeHtml(options.cancelLabel)}</button>
  </div>
</form>`,
  });
}

/** Shown instead of the consent page when the request cannot be answered by redirecting to the app. */
export function consentErrorPage(network: string, message: string): string {
  return page({
    title: `Something went wrong – ${network} (sandbox)`,
    body: `<h1><span class="organisation">${escapeHtml(network)} sandbox</span> Something went wrong</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p>Go back to the application and try connecting again.</p>`,
  });
}
