import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { createEmailOutbox, type EmailOutbox } from '../modules/email/outbox.js';
import type { EmailSenderDeps } from '../modules/email/sender.js';
import { smtpTransport } from '../modules/email/transport.js';
import { startTestApp, type TestApp } from './harness.js';

/** The settings that turn email on against the sandbox's catcher. */
export const emailEnv = (sandbox: Sandbox): Record<string, string> => {
  if (!sandbox.smtpUrl) throw new Error('the sandbox runs no SMTP catcher');
  return { FITPOST_SMTP_URL: sandbox.smtpUrl, FITPOST_MAIL_FROM: 'FitPost <no-reply@fitpost.test>' };
};

/** A sandbox with its SMTP catcher and a test app sending email to it. */
export async function startEmailWorld(env: Record<string, string> = {}) {
  const sandbox = await startSandbox({ port: 0, smtpPort: 0, redirectUris: ['http://localhost:3000/oauth'] });
  const t = await startTestApp({ ...emailEnv(sandbox), ...env });
  const outbox = createEmailOutbox(t.jobs.boss, t.config.email);
  if (!outbox) throw new Error('email is off');
  return {
    sandbox,
    t,
    outbox,
    async close() {
      await t.close();
      await sandbox.close();
    },
  };
}

/** The email sender over a test app, sending to the catcher with quick retries. */
export function testSenderDeps(t: TestApp, outbox: EmailOutbox, over: Partial<EmailSenderDeps> = {}) {
  const { email } = t.config;
  if (!email.smtpUrl || !email.secret) throw new Error('email is off');
  return {
    db: t.db,
    outbox,
    transport: smtpTransport(email.smtpUrl, 2),
    from: email.from,
    publicUrl: t.config.publicUrl,
    secret: email.secret,
    settings: { maxAttempts: 3, backoffMs: 10, staleAfterMs: 60_000 },
    log: t.log,
    ...over,
  } satisfies EmailSenderDeps;
}
