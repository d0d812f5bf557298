import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for notifications, RFC 8058). */
  headers?: Record<string, string>;
}

export interface SentMail extends MailMessage {
  /** The .eml written to the outbox, when there is one. */
  file?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Mails written to the outbox by this process (development and tests). */
  readonly sent: SentMail[];
}

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise every mail is logged and written as
 * an .eml file under DATA_DIR/outbox/, so links can be followed in development: the folder is
 * mode 700 and each file 600, since they hold live password-reset links.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  dataDir: string | 'memory';
  log: Logger;
  /** Log the mail's text (its links) too: development on a terminal only. */
  logContent?: boolean;
}): Mailer {
  const sent: SentMail[] = [];
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      sent,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const outbox = options.dataDir === 'memory' ? null : path.resolve(options.dataDir, 'outbox');
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    sent,
    async send(message) {
      let file: string | undefined;
      if (outbox) {
        const info = await render.sendMail({ from: options.from, ...message });
        // Mails carry live links (password reset, confirmation): the owner's alone.
        mkdirSync(outbox, { recursive: true, mode: 0o700 });
        chmodSync(outbox, 0o700);
        file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
        writeFileSync(file, info.message as Buffer, { flag: 'wx', mode: 0o600 });
      }
      sent.push({ ...message, ...(file ? { file } : {}) });
      const content = options.logContent ? { text: message.text } : {};
      options.log.info({ to: message.to, subject: message.subject, file, ...content }, 'mail written to the outbox (no SMTP_URL)');
    },
  };
}
