import { allowMethods, HttpError, send, type Route } from './http.js';

/** Shared look of every sandbox page; served as a file because the pages' CSP allows no inline styles. */
const STYLESHEET = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #1f2933; background: #eef2f6; }
body { margin: 0; padding: 2rem 1rem; }
main { max-width: 26rem; margin: 0 auto; padding: 2rem; background: #fff; border-radius: 0.75rem; box-shadow: 0 1px 3px rgb(15 23 42 / 0.15); }
h1 { margin: 0 0 1rem; font-size: 1.5rem; line-height: 1.25; }
h1 .organisation { display: block; font-size: 1rem; font-weight: 600; color: #0b6e4f; }
.field { margin-bottom: 1rem; }
label { display: block; margin-bottom: 0.25rem; font-weight: 600; }
input { box-sizing: border-box; width: 100%; padding: 0.5rem 0.75rem; font: inherit; border: 1px solid #7b8794; border-radius: 0.375rem; }
input[aria-invalid="true"] { border-color: #b42318; }
select { box-sizing: border-box; width: 100%; padding: 0.5rem 0.75rem; font: inherit; color: inherit; background: #fff; border: 1px solid #7b8794; border-radius: 0.375rem; }
input:focus-visible, select:focus-visible, button:focus-visible, a:focus-visible, summary:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
button { padding: 0.6rem 1.25rem; font: inherit; font-weight: 600; color: #fff; background: #0b6e4f; border: 0; border-radius: 0.375rem; cursor: pointer; }
button:hover { background: #08563d; }
button.secondary { color: #1f2933; background: #e4e7eb; }
button.secondary:hover { background: #cbd2d9; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
.scopes { padding-left: 1.25rem; }
a { color: #1d4ed8; }
.error { padding: 0.75rem; color: #7a1a12; background: #fdecea; border: 1px solid #b42318; border-radius: 0.375rem; }
.hint { color: #52606d; font-size: 0.9rem; }
.profile { display: flex; gap: 1rem; align-items: center; }
.profile img { width: 4rem; height: 4rem; }
`;

/**
 * Submits the form of the button marked data-auto-submit once the page has loaded. Used by the logout
 * confirmation, which oidc-provider requires but the sandbox has no reason to ask.
 */
const AUTO_SUBMIT_SCRIPT = `
const button = document.querySelector('button[data-auto-submit]');
if (button && button.form) button.form.requestSubmit(button);
`;

/** The organisation's mark, so browsers stop asking for a missing icon on every page. */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#0b6e4f"/></svg>
`;

const ASSETS: Record<string, { contentType: string; body: string }> = {
  '/assets/sandbox.css': { contentType: 'text/css; charset=utf-8', body: STYLESHEET },
  '/assets/auto-submit.js': { contentType: 'text/javascript; charset=utf-8', body: AUTO_SUBMIT_SCRIPT },
  '/assets/favicon.svg': { contentType: 'image/svg+xml; charset=utf-8', body: FAVICON },
};

/** Static files the sandbox's pages link to. */
export const assetsRoute: Route = {
  prefix: '/assets',
  handle: (req, res, url) => {
    allowMethods(req, ['GET', 'HEAD']);
    const asset = ASSETS[url.pathname];
    if (!asset) throw new HttpError(404, 'not_found', `Nothing is served at ${url.pathname}.`);
    send(res, 200, asset.contentType, asset.body, 'public, max-age=3600');
  },
};

/** Pages oidc-provider renders itself (the form_post hop) cannot link an icon, so browsers try this one. */
export const faviconRoute: Route = {
  prefix: '/favicon.ico',
  handle: (req, res) => {
    allowMethods(req, ['GET', 'HEAD']);
    res.statusCode = 204;
    res.setHeader('cache-control', 'public, max-age=86400');
    res.end();
  },
};
