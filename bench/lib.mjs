// Shared helpers for benchmarks: start the built stack as child processes, wait, measure.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';

export async function waitHealthy(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(25);
  }
  throw new Error(`${url} not healthy within ${timeoutMs} ms`);
}

/** Resident memory of a process in MiB, from /proc. */
export function rssMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : NaN;
}

/**
 * Starts a built app (`apps/<name>/dist/main.js`) with env; returns the child. Benchmarks run the
 * demo explicitly (FITPOST_DEMO=true): the sandbox stands in for the provider and the networks.
 */
export function startNode(script, env) {
  const child = spawn(process.execPath, [script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, FITPOST_DEMO: 'true', ...env },
  });
  return child;
}

export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

export const machine = () => `Node ${process.version}, ${process.arch}`;

/** JSON from a control endpoint; throws with the body on a non-2xx answer. */
export async function json(url, init) {
  let res;
  try {
    res = await fetch(url, init);
  } catch (err) {
    // A keep-alive socket the server closed just as it was reused (seen on a loaded machine): once more.
    if (err?.cause?.code !== 'UND_ERR_SOCKET') throw err;
    res = await fetch(url, init);
  }
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** The sandbox's own capacity for `POST /rest/posts` (LinkedIn), the limit a publishing benchmark can reach. */
export async function sandboxCapacity(sandboxUrl, concurrency) {
  const { accounts } = await json(`${sandboxUrl}/_sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ network: 'linkedin', count: 1, prefix: `cap${Date.now()}` }),
  });
  const a = accounts[0];
  let n = 0;
  const r = await autocannon({
    url: `${sandboxUrl}/linkedin/api/rest/posts`,
    connections: concurrency,
    duration: 10,
    requests: [
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${a.accessToken}`,
          'content-type': 'application/json',
          'linkedin-version': '202610',
          'x-restli-protocol-version': '2.0.0',
        },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            author: a.urn,
            commentary: `capacity ${n++}`,
            visibility: 'PUBLIC',
            distribution: { feedDistribution: 'MAIN_FEED' },
            lifecycleState: 'PUBLISHED',
          }),
        }),
      },
    ],
  });
  return `Sandbox capacity (autocannon, ${concurrency} connections, 10 s, \`POST /rest/posts\`): ${Math.round(r.requests.average)} requests/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx.`;
}

/** autocannon against one URL: requests per second, p50 and p99 latency, errors (incl. non-2xx). */
export async function cannon(url, headers, { connections = 32, seconds = 10 } = {}) {
  const r = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

/** A demo member's bearer token: an ID token from the sandbox, traded at `GET /api/user/verify`. */
export async function memberToken(apiBase, sandboxUrl, email) {
  const minted = await json(`${sandboxUrl}/_sandbox/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const verified = await json(
    `${apiBase}/api/user/verify?alias=1&token=${encodeURIComponent(minted.id_token)}`,
  );
  return verified.token;
}
