// Share a private file (spec sections 3 and 5): valid until (not in the past, 5-minute steps, at most
// the server's LUMA_SHARE_MAX_DAYS ahead), as a link (default) or by e-mail (addresses in one text
// area); the answer is the signed URL, shown to copy. Below, the file's active links (ShareLinks).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { SHARE_STEP_MINUTES, type MediaFile, type ShareBody } from '../../../../../runtime/api/media';
import { mediaApi } from '../../../../../runtime/client/media';
import { Dialog } from '../../../../../renderers/ui/Dialog';
import { showToast } from '../../../../../renderers/ui/toast';
import { CopyValue } from '../../iam/ui';
import { showMediaError } from '../errors';
import { RuleErrors } from '../fields';
import { nextShareStep, parseEmails, shareDateErrors, shareEmailErrors, toLocalInput } from '../rules';
import { ShareLinks, shareLinksQuery } from './ShareLinks';

/** The answer is {data: url} (spec section 7); a bare string is taken too. */
const urlOf = (answer: unknown): string => (typeof answer === 'string' ? answer : String((answer as { data?: unknown } | null)?.data ?? ''));

export function ShareModal({ file, onClose }: { file: MediaFile; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const links = useQuery(shareLinksQuery(file));
  const maxDays = links.data?.max_days;
  const [date, setDate] = useState(() => toLocalInput(new Date(nextShareStep(new Date()).getTime() + 24 * 3600_000)));
  const [type, setType] = useState<'link' | 'email'>('link');
  const [emails, setEmails] = useState('');
  const [touched, setTouched] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const now = new Date();
  const dateErr = shareDateErrors(date, now, maxDays);
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (dateErr.length > 0 || emailErr.length > 0) {
      showToast('someFieldsAreNotValid', 'danger');
      return;
    }
    const body: ShareBody = { key: file.key, date: new Date(date).toISOString(), type };
    if (type === 'email') body.emails = parseEmails(emails);
    share.mutate(body);
  };
  const absolute = url && !/^https?:/.test(url) && typeof window !== 'undefined' ? `${window.location.origin}${url}` : url;
  return (
    <Dialog open title={<FormattedMessage id="media.shareTitle" values={{ name: file.name }} />} onClose={onClose} testId="media-share-modal">
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-date`}>
            <FormattedMessage id="media.validUntil" />
          </label>
          <input
            id={`${id}-date`}
            type="datetime-local"
            step={SHARE_STEP_MINUTES * 60}
            min={toLocalInput(nextShareStep(now))}
            max={links.data ? toLocalInput(new Date(links.data.max_until)) : undefined}
            data-testid="media-share-date"
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
          <RuleErrors messages={touched || date ? dateErr : undefined} />
        </div>
        <fieldset className="field media-share-type">
          <legend className="field-label">
            <FormattedMessage id="media.shareType" />
          </legend>
          {(['link', 'email'] as const).map((value) => (
            <label key={value} className="media-radio">
              <input type="radio" name={`${id}-type`} value={value} checked={type === value} data-testid={`media-share-${value}`} onChange={() => setType(value)} />
              <FormattedMessage id={`media.share.${value}`} />
            </label>
          ))}
        </fieldset>
        {type === 'email' ? (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-emails`}>
              <FormattedMessage id="media.emails" />
            </label>
            <textarea id={`${id}-emails`} rows={3} data-testid="media-share-emails" value={emails} onChange={(e) => setEmails(e.target.value)} />
            <span className="hint muted media-hint">
              <FormattedMessage id="media.emailsHint" />
            </span>
            <RuleErrors messages={touched ? emailErr : undefined} />
          </div>
        ) : null}
        {absolute ? <CopyValue value={absolute} testId="media-share-url" copyTestId="media-share-copy" label={<FormattedMessage id="media.shareUrl" />} asLink /> : null}
        <ShareLinks file={file} />
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose}>
            <FormattedMessage id="common.close" />
          </button>
          <button type="submit" className="button button-primary" data-testid="media-share-submit" disabled={share.isPending}>
            <FormattedMessage id="media.share" />
          </button>
        </div>
      </form>
    </Dialog>
  );
}
