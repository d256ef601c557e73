// An e-mail node's fields: recipients, subject and body (placeholders allowed), html2pdf attachments,
// and its own SMTP server (else LUMA_SMTP_URL, docs/workflows.md).
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { SelectField, str, TextField, type Data } from './fields';
import type { FieldKit } from './NodeFields';

const AUTH_TYPES = [['plain', 'PLAIN'], ['crammd5', 'CRAM-MD5']] as const;

export function EmailFields({ kit, placeholderHint }: { kit: FieldKit; placeholderHint: ReactNode }) {
  const { text } = kit;
  return (
    <>
      {text('to', 'workflow.editor.to', { hint: placeholderHint })}
      {text('cc', 'workflow.editor.cc')}
      {text('bcc', 'workflow.editor.bcc')}
      {text('subject', 'workflow.editor.subject')}
      {text('body', 'workflow.editor.body', { multiline: true })}
      <Attachments kit={kit} />
      <SmtpFields kit={kit} />
    </>
  );
}

function Attachments({ kit }: { kit: FieldKit }) {
  const { t, readOnly } = kit;
  const { data, shown, setData } = kit.draft;
  const attachments = Array.isArray(data.attachments) ? (data.attachments as Data[]) : [];
  return (
    <fieldset className="wf-section" data-testid="node-attachments">
      <legend>
        <FormattedMessage id="workflow.editor.attachments" />
      </legend>
      {attachments.map((attachment, index, all) => (
        <div key={index} className="wf-attachment">
          <TextField
            label={t('workflow.editor.attachmentName')}
            value={attachment.name}
            onChange={(v) => setData('attachments', all.map((a, i) => (i === index ? { ...a, name: v } : a)))}
            errors={shown(`data.attachments.${index}.name`)}
            readOnly={readOnly}
            testId={`node-attachment-name-${index}`}
          />
          <TextField
            label={t('workflow.editor.attachmentHtml')}
            value={attachment.value}
            multiline
            onChange={(v) => setData('attachments', all.map((a, i) => (i === index ? { ...a, value: v } : a)))}
            errors={shown(`data.attachments.${index}.value`)}
            readOnly={readOnly}
            testId={`node-attachment-html-${index}`}
          />
          {readOnly ? null : (
            <button type="button" className="button button-small" onClick={() => setData('attachments', all.filter((_, i) => i !== index))}>
              <FormattedMessage id="workflow.editor.attachmentRemove" />
            </button>
          )}
        </div>
      ))}
      {readOnly ? null : (
        <button type="button" className="button button-small" data-testid="node-attachment-add" onClick={() => setData('attachments', [...attachments, { type: 'html2pdf', name: '', value: '' }])}>
          <FormattedMessage id="workflow.editor.attachmentAdd" />
        </button>
      )}
    </fieldset>
  );
}

function SmtpFields({ kit }: { kit: FieldKit }) {
  const { t, readOnly } = kit;
  const { smtp, shown, setSmtp } = kit.draft;
  return (
    <details className="wf-section">
      <summary>
        <FormattedMessage id="workflow.editor.smtp" />
      </summary>
      <p className="muted">
        <FormattedMessage id="workflow.editor.smtpHint" />
      </p>
      {(['host', 'port', 'username', 'password', 'email_from'] as const).map((key) => (
        <TextField
          key={key}
          label={t(`workflow.editor.smtp.${key}`)}
          type={key === 'password' ? 'password' : key === 'port' ? 'number' : 'text'}
          value={smtp[key]}
          onChange={(v) => setSmtp(key, key === 'port' ? (v === '' ? '' : Number(v)) : v)}
          errors={shown(`data.smtp.${key}`)}
          readOnly={readOnly}
          testId={`node-smtp-${key}`}
        />
      ))}
      <SelectField id="wf-node-auth" label="workflow.editor.smtp.auth_type" value={str(smtp.auth_type) || 'plain'} options={AUTH_TYPES} onChange={(v) => setSmtp('auth_type', v)} readOnly={readOnly} />
    </details>
  );
}
