import type { Transporter } from 'nodemailer';
import type { Language } from '@/lib/contract/common';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The same mail as HTML (order mail: server/mail/order-mail.tsx renders both parts from one template). With it,
   * SMTP sends multipart/alternative: mail clients show the HTML, and the text part to those that show no HTML.
   */
  html?: string;
  /** The language the text is in: sent as Content-Language, so mail clients lay it out the right way. */
  language?: Language;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox' | 'none';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real mail through SMTP_URL (nodemailer, loaded with the first message rather than at start-up). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    kind: 'smtp',
    async send(message) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      const smtp = await transport;
      await smtp.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.language ? { headers: { 'Content-Language': message.language } } : {}),
      });
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}

/**
 * Without SMTP, mail lands in the outbox table (readable at /api/v1/dev/outbox outside production)
 * and, in development, on the console, so a developer can finish a password reset.
 */
export function outboxMailer(db: Db, printToConsole: boolean): Mailer {
  return {
    kind: 'outbox',
    async send({ to, subject, text, html }) {
      const message = { to, subject, text, html: html ?? null };
      await db.insert(outbox).values(message);
      if (printToConsole) {
        console.log(`\n── mail to ${message.to} ── ${message.subject}\n${message.text}\n──\n`);
      }
    },
    close() {},
  };
}

export class MailNotConfiguredError extends Error {}

/**
 * Production without SMTP_URL: nothing can be sent, and nothing is kept (an outbox would hold reset
 * codes in clear). Every send fails, so forgotPasswords answers 503 and stores no code; the start-up
 * line says so loudly (server/serve.ts).
 */
export function noMailer(): Mailer {
  return {
    kind: 'none',
    async send() {
      throw new MailNotConfiguredError('SMTP_URL is not set: mail cannot be sent');
    },
    close() {},
  };
}

export function createMailer(config: Config, db: Db): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  if (config.nodeEnv === 'production') return noMailer();
  return outboxMailer(db, config.nodeEnv === 'development');
}
