// Shows a message key from the catalogue, or the text itself when it is not a key (server sentences, paths).
import { useIntl } from 'react-intl';
import { isMessageKey } from '../../runtime/i18n';

export function useMessage(): (keyOrText: string, values?: Record<string, string | number>) => string {
  const intl = useIntl();
  return (keyOrText, values) => (isMessageKey(keyOrText) ? intl.formatMessage({ id: keyOrText }, values) : keyOrText);
}

export function Message({ value, values }: { value: string; values?: Record<string, string | number> }) {
  return <>{useMessage()(value, values)}</>;
}
