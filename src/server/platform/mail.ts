// Outgoing mail (invites, password resets) through nodemailer: SMTP from configuration
// (LUMA_SMTP_URL), or, without it, the whole message written to the server log so a
// self-hosted instance without a mail server still works. Links in mail are built from the
// configured public URL (LUMA_PUBLIC_URL), never from request headers.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from './config';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; links on lines of their own. */
  text: string;
}

export interface MailLog {
  info(object: Record<string, unknown>, message: string): void;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: MailLog): Mailer {
  let transport: Transporter | null = null;
  return {
    async send(message) {
      if (!config.smtpUrl) {
        log.info({ mail: { to: message.to, subject: message.subject, text: message.text } }, 'mail (no LUMA_SMTP_URL set; not sent)');
        return;
      }
      transport ??= nodemailer.createTransport(config.smtpUrl);
      await transport.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text });
    },
    close() {
      transport?.close();
      transport = null;
    },
  };
}

/** An absolute link into the app: the configured public URL plus `path`. */
export function publicLink(config: Pick<Config, 'publicUrl'>, path: string): string {
  return new URL(path.replace(/^\/+/, ''), config.publicUrl.endsWith('/') ? config.publicUrl : `${config.publicUrl}/`).toString();
}
