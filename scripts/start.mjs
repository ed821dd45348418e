// `npm start`: build, then run the embedded demo (FITPOST_DEMO=true) — the sandbox (SSO and, later, the social
// networks) and FitPost (API + worker + web app, PGlite in ./data) as two processes.
// Ctrl-C stops both cleanly; the next start reuses ./data.
import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { demoServerProcess } from './lib/demo-server.mjs';

const args = new Set(process.argv.slice(2));
const env = { ...process.env };
const port = Number(env.PORT ?? 3000);
const sandboxPort = Number(env.SANDBOX_PORT ?? 4000);
// The sandbox's SMTP catcher, where the demo's emails go (GET /_sandbox/mail lists them).
const smtpPort = Number(env.SANDBOX_SMTP_PORT ?? sandboxPort + 25);
const publicHosts = env.FITPOST_PUBLIC_HOSTS ?? `localhost:${port},127.0.0.1:${port}`;
const publicUrl = env.FITPOST_PUBLIC_URL ?? `http://localhost:${port}`;
const quiet = args.has('--quiet');
const log = (...m) => {
  if (!quiet) console.log(...m);
};

if (!args.has('--no-build')) {
  log('Building FitPost…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: quiet ? 'ignore' : 'inherit' });
  if (build.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(1);
  }
}

const children = [];
let stopping = false;

function run(name, script, extraEnv, execArgv = []) {
  const child = spawn(process.execPath, [...execArgv, script], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, ...extraEnv },
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping FitPost.`);
    void stopAll(1);
  });
  return child;
}

async function stopAll(code) {
  stopping = true;
  await Promise.all(
    children.map(
      (c) =>
        new Promise((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once('exit', resolve);
          c.kill('SIGTERM');
          setTimeout(() => c.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

async function waitFor(url, what) {
  // A first start migrates and draws the demo library; on a loaded 2-core machine that passed 60 s.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  console.error(`${what} did not become healthy at ${url} within 120 s`);
  await stopAll(1);
}

const origin = (host) =>
  `${/^(localhost|127\.0\.0\.1|\[::1\])(:|$)/.test(host) ? 'http' : 'https'}://${host}`;
const hosts = publicHosts
  .split(',')
  .map((h) => h.trim())
  .filter(Boolean);

run('The sandbox', 'apps/sandbox/dist/main.js', {
  SANDBOX_PORT: String(sandboxPort),
  SANDBOX_SMTP_PORT: String(smtpPort),
  SANDBOX_REDIRECT_URIS: hosts.map((h) => `${origin(h)}/oauth`).join(','),
  SANDBOX_POST_LOGOUT_URIS: hosts.map((h) => `${origin(h)}/app/logout`).join(','),
});
await waitFor(`http://127.0.0.1:${sandboxPort}/_sandbox/health`, 'The sandbox');
// The demo's small-footprint settings (PGlite's cache, V8's young generation, malloc's arenas).
const demo = demoServerProcess(env);
run(
  'FitPost',
  'apps/server/dist/main.js',
  {
    ...demo.env,
    SANDBOX_PORT: String(sandboxPort),
    FITPOST_PUBLIC_HOSTS: publicHosts,
    FITPOST_PUBLIC_URL: publicUrl,
    // npm start is the demo: sandbox provider and networks, demo seed and admin, loopback feeds.
    // Without this switch the server refuses to start until production settings are given.
    FITPOST_DEMO: 'true',
    // The demo's email goes to the sandbox's catcher; production sets its own relay (README).
    FITPOST_SMTP_URL: env.FITPOST_SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`,
    FITPOST_MAIL_FROM: env.FITPOST_MAIL_FROM ?? 'FitPost <no-reply@fitpost.example>',
  },
  demo.execArgv,
);
await waitFor(`http://127.0.0.1:${port}/api/health`, 'FitPost');

if (!stopping) {
  const { demoMembers, DEMO_PASSWORD } = await import('../apps/sandbox/dist/app.js');
  log(`\nFitPost is running: ${publicUrl}`);
  log(`Sign in with any demo member (password: ${DEMO_PASSWORD}):`);
  for (const m of demoMembers) {
    const what = m.claimedEmail
      ? `portal ${m.portalId}, claims ${m.claimedEmail.email} unverified: refused`
      : m.fitpost
        ? `portal ${m.portalId}`
        : `portal ${m.portalId}, no FitPost in their membership`;
    log(`  ${m.email.padEnd(26)} ${m.name} (${what})`);
  }
  log('Press Ctrl-C to stop.\n');
}
