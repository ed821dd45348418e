import nodemailer from 'nodemailer';

/** What the outbox needs of a mail transport (nodemailer's, or a test's). */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: { name: string; address: string };
    subject: string;
    text: string;
    messageId: string;
    headers: Record<string, string>;
  }): Promise<unknown>;
  close(): void;
}

/**
 * A pooled SMTP transport from FITPOST_SMTP_URL (`smtp://[user:pass@]host[:port]`, or `smtps://`
 * for TLS from the first byte): `connections` connections kept open, each carrying message after
 * message. Plain `smtp://` upgrades with STARTTLS whenever the server offers it.
 */
export function smtpTransport(smtpUrl: string, connections: number): MailTransport {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: connections,
    maxMessages: Infinity,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    sendMail: (message) => transport.sendMail(message),
    close: () => transport.close(),
  };
}

/** Whether an SMTP failure is final (a 5xx answer: the server refuses this message for good). */
export function isPermanent(err: unknown) {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
