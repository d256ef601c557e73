// Share a private file (spec sections 3 and 5): valid until (not in the past, 5-minute steps, at most
// the server's LUMA_SHARE_MAX_DAYS ahead), as a link (default) or by e-mail (addresses in one text
// area); the answer is the signed URL, shown to copy. Below, the file's active links (ShareLinks).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { SHARE_STEP_MINUTES, type MediaFile, type ShareBody } from '../../../../../runtime/api/media';
import { mediaApi } from '../../../../../runtime/client/media';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { showToast } from '../../../../../renderers/ui/toast';
import { CopyValue } from '../../../components/CopyValue';
import { absoluteUrl } from '../download';
import { showMediaError } from '../errors';
import { ModalActions, RuleErrors, useRulesSubmit } from '../fields';
import { nextShareStep, parseEmails, shareDateErrors, shareEmailErrors, toLocalInput, type RuleMessage } from '../rules';
import { ShareLinks, shareLinksQuery } from './ShareLinks';

/** The answer is {data: url} (spec section 7); a bare string is taken too. */
const urlOf = (answer: unknown): string => (typeof answer === 'string' ? answer : String((answer as { data?: unknown } | null)?.data ?? ''));

type ShareType = NonNullable<ShareBody['type']>;

export function ShareModal({ file, onClose }: { file: MediaFile; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const links = useQuery(shareLinksQuery(file));
  const [date, setDate] = useState(() => toLocalInput(new Date(nextShareStep(new Date()).getTime() + 24 * 3600_000)));
  const [type, setType] = useState<ShareType>('link');
  const [emails, setEmails] = useState('');
  const [url, setUrl] = useState<string | null>(null);
  const now = new Date();
  const dateErr = shareDateErrors(date, now, links.data?.max_days);
  const emailErr = type === 'email' ? shareEmailErrors(emails) : [];
  const share = useMutation({
    mutationFn: (body: ShareBody) => mediaApi.share(file.library_uuid, body),
    onSuccess: async (answer) => {
      setUrl(urlOf(answer));
      await queryClient.invalidateQueries({ queryKey: shareLinksQuery(file).queryKey });
      showToast(type === 'email' ? 'media.shareSent' : 'media.shareCreated', 'success');
    },
    onError: (error) => showMediaError(error),
  });
  const { touched, submit } = useRulesSubmit(dateErr.length === 0 && emailErr.length === 0, () => {
    const body: ShareBody = { key: file.key, date: new Date(date).toISOString(), type };
    if (type === 'email') body.emails = parseEmails(emails);
    share.mutate(body);
  });
  return (
    <Dialog open title={<FormattedMessage id="media.shareTitle" values={{ name: file.name }} />} onClose={onClose} testId="media-share-modal">
      <form onSubmit={submit} noValidate>
        <ValidUntil id={`${id}-date`} value={date} onChange={setDate} now={now} maxUntil={links.data?.max_until} errors={touched || date ? dateErr : undefined} />
        <ShareTypeChoice name={`${id}-type`} value={type} onChange={setType} />
        {type === 'email' ? <EmailsField id={`${id}-emails`} value={emails} onChange={setEmails} errors={touched ? emailErr : undefined} /> : null}
        {url ? <CopyValue value={absoluteUrl(url)} testId="media-share-url" copyTestId="media-share-copy" label={<FormattedMessage id="media.shareUrl" />} asLink /> : null}
        <ShareLinks file={file} />
        <ModalActions closeLabel="common.close" onClose={onClose} submitLabel="media.share" submitTestId="media-share-submit" pending={share.isPending} />
      </form>
    </Dialog>
  );
}

/** Valid until: from the next 5-minute step on, at most the server's last allowed moment. */
function ValidUntil({ id, value, onChange, now, maxUntil, errors }: { id: string; value: string; onChange: (value: string) => void; now: Date; maxUntil: string | undefined; errors: readonly RuleMessage[] | undefined }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        <FormattedMessage id="media.validUntil" />
      </label>
      <input
        id={id}
        type="datetime-local"
        step={SHARE_STEP_MINUTES * 60}
        min={toLocalInput(nextShareStep(now))}
        max={maxUntil !== undefined ? toLocalInput(new Date(maxUntil)) : undefined}
        data-testid="media-share-date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <RuleErrors messages={errors} />
    </div>
  );
}

function ShareTypeChoice({ name, value: chosen, onChange }: { name: string; value: ShareType; onChange: (type: ShareType) => void }) {
  return (
    <fieldset className="field media-share-type">
      <legend className="field-label">
        <FormattedMessage id="media.shareType" />
      </legend>
      {(['link', 'email'] as const).map((value) => (
        <label key={value} className="media-radio">
          <input type="radio" name={name} value={value} checked={chosen === value} data-testid={`media-share-${value}`} onChange={() => onChange(value)} />
          <FormattedMessage id={`media.share.${value}`} />
        </label>
      ))}
    </fieldset>
  );
}

/** The addresses to send the link to, in one text area. */
function EmailsField({ id, value, onChange, errors }: { id: string; value: string; onChange: (value: string) => void; errors: readonly RuleMessage[] | undefined }) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        <FormattedMessage id="media.emails" />
      </label>
      <textarea id={id} rows={3} data-testid="media-share-emails" value={value} onChange={(e) => onChange(e.target.value)} />
      <span className="hint muted media-hint">
        <FormattedMessage id="media.emailsHint" />
      </span>
      <RuleErrors messages={errors} />
    </div>
  );
}
