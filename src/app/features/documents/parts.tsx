// Pieces the documents panel and editor share: a failed call's message, and an input named by its
// placeholder (one message for both, for a toolbar with no room for a label).
import type { InputHTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import { Message } from '../../../../renderers/ui/Message';
import { documentFailure } from './failure';

/** The message of a failed call in an alert; nothing once the report modal opened, unless a fallback is given. */
export function Failure({ error, testId = 'documents-error', fallback }: { error: unknown; testId?: string; fallback?: string }) {
  const message = documentFailure(error) ?? fallback;
  return message ? (
    <p className="form-error" role="alert" data-testid={testId}>
      <Message value={message} />
    </p>
  ) : null;
}

/** An input whose placeholder and accessible name are the message `prompt`. */
export function PromptInput({ prompt, testId, ...input }: { prompt: string; testId: string } & InputHTMLAttributes<HTMLInputElement>) {
  const intl = useIntl();
  const text = intl.formatMessage({ id: prompt });
  return <input {...input} placeholder={text} aria-label={text} data-testid={testId} />;
}
