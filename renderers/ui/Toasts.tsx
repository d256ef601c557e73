import { FormattedMessage } from 'react-intl';
import { dismissToast, toastStore } from './toast';
import { useStore } from './store';
import { useMessage } from './Message';
import { X } from './icons';

export function Toasts() {
  const toasts = useStore(toastStore);
  const message = useMessage();
  return (
    <div className="toasts" aria-live="polite" data-react-aria-top-layer="true">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`} data-testid="toast" role={t.tone === 'danger' || t.tone === 'warning' ? 'alert' : 'status'}>
          <span>{message(t.message, t.values)}</span>
          <button type="button" className="icon-button" onClick={() => dismissToast(t.id)}>
            <X />
            <span className="visually-hidden">
              <FormattedMessage id="common.close" />
            </span>
          </button>
        </div>
      ))}
    </div>
  );
}
