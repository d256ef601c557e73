// email: SMTP through nodemailer, with the node's SMTP settings (their host checked by the SSRF guard
// and the connection pinned to the vetted address) or the server's (LUMA_SMTP_URL); neither is
// 'not configured'. Texts may quote the run's values; html2pdf attachments are rendered to PDF
// (pdf.ts). A dry run connects to nothing and answers the message it would send. The node's SMTP
// password is stored sealed (platform/secrets-at-rest.ts) and opened only here, to connect.
import nodemailer, { type Transporter } from 'nodemailer';
import { renderTemplate } from '../../../../runtime/workflows/template';
import { open } from '../../platform/secret-box';
import { isPlainObject } from '../../platform/validate';
import { resolveAllowed } from '../net';
import { htmlToPdf } from '../pdf';
import { ActionNotConfigured, type NodeAction } from '../types';
import { templateScope } from './scope';

function addresses(value: unknown, scope: Record<string, unknown>): string[] {
  if (typeof value !== 'string') return [];
  return renderTemplate(value, scope)
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}


export const emailAction: NodeAction = {
  action: 'email',
  async run({ node, flow, dryRun, services }) {
    const scope = await templateScope(flow, services.db);
    const data = node.data;
    const to = addresses(data.to, scope);
    if (to.length === 0) throw new Error('the e-mail has no recipient');
    const cc = addresses(data.cc, scope);
    const bcc = addresses(data.bcc, scope);
    const subject = typeof data.subject === 'string' ? renderTemplate(data.subject, scope).replace(/[\r\n]+/g, ' ') : '';
    const html = typeof data.body === 'string' ? renderTemplate(data.body, scope) : '';
    const smtp = isPlainObject(data.smtp) ? data.smtp : {};
    const ownHost = typeof smtp.host === 'string' && smtp.host.trim() !== '' ? smtp.host.trim() : null;
    const from = ownHost && typeof smtp.email_from === 'string' && smtp.email_from ? smtp.email_from : services.settings.mailFrom;
    // html2pdf attachments are rendered in dry runs too (no side effect): their sizes show they work.
    const attachments: { filename: string; content: Buffer; contentType: string }[] = [];
    for (const [index, entry] of (Array.isArray(data.attachments) ? data.attachments : []).entries()) {
      if (!isPlainObject(entry) || entry.type !== 'html2pdf') throw new Error(`attachment ${index + 1}: only html2pdf attachments are known`);
      const name = renderTemplate(typeof entry.name === 'string' && entry.name.trim() ? entry.name.trim() : `attachment-${index + 1}`, scope).replace(/[\\/\r\n\u0000]/g, '_');
      const content = await htmlToPdf(renderTemplate(typeof entry.value === 'string' ? entry.value : '', scope));
      attachments.push({ filename: name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`, content, contentType: 'application/pdf' });
    }
    const message = { from, to, cc, bcc, subject, html };
    if (dryRun) {
      return {
        would: 'send',
        ...message,
        attachments: attachments.map((a) => ({ name: a.filename, bytes: a.content.length })),
        smtp: ownHost ? { host: ownHost, port: Number(smtp.port) || 587 } : services.settings.smtpUrl ? 'server' : null,
      };
    }

    let transport: Transporter;
    if (ownHost) {
      const port = Number(smtp.port) || 587;
      const { address } = await resolveAllowed(ownHost, String(port), services.settings);
      transport = nodemailer.createTransport({
        host: address,
        port,
        secure: port === 465,
        tls: { servername: ownHost },
        auth: typeof smtp.username === 'string' && smtp.username ? { user: smtp.username, pass: typeof smtp.password === 'string' ? open(smtp.password, 'smtp-password') : '' } : undefined,
        authMethod: smtp.auth_type === 'crammd5' ? 'CRAM-MD5' : 'PLAIN',
        connectionTimeout: services.settings.timeoutMs,
        greetingTimeout: services.settings.timeoutMs,
        socketTimeout: services.settings.timeoutMs,
      });
    } else if (services.settings.smtpUrl) {
      transport = nodemailer.createTransport(services.settings.smtpUrl);
    } else {
      throw new ActionNotConfigured('SMTP');
    }
    try {
      const sent = await transport.sendMail({ ...message, cc: cc.length ? cc : undefined, bcc: bcc.length ? bcc : undefined, text: html.replace(/<[^>]*>/g, ''), attachments });
      return { messageId: sent.messageId, accepted: sent.accepted, rejected: sent.rejected };
    } finally {
      transport.close();
    }
  },
};
