// The header's event-bus indicator (spec section 4 "Event-bus socket"): a dot and a word for the
// connection (live, reconnecting, offline, unauthorized), announced politely to screen readers, with
// the reason as its title and a Reconnect button when nothing reconnects by itself.
import { useIntl } from 'react-intl';
import { useBusClient, useBusStatus } from '../../../renderers/data/eventBus';

export function BusIndicator() {
  const intl = useIntl();
  const client = useBusClient();
  const status = useBusStatus();
  if (status === 'idle' || !client) return null;
  const word = intl.formatMessage({ id: `eventBus.status.${status}` });
  const hint = intl.formatMessage({ id: `eventBus.status.${status}Hint` });
  const stuck = status === 'offline' || status === 'unauthorized';
  return (
    <div className={`bus-indicator bus-${status}`} data-status={status}>
      <span role="status" aria-live="polite" className="bus-state" title={hint}>
        <span className="bus-dot" aria-hidden="true" />
        <span className="bus-word" aria-hidden="true">
          {word}
        </span>
        <span className="visually-hidden">{intl.formatMessage({ id: 'eventBus.status.label' }, { status: `${word}. ${hint}` })}</span>
      </span>
      {stuck && (
        <button type="button" className="button button-small" onClick={() => client.reset()}>
          {intl.formatMessage({ id: 'eventBus.reconnect' })}
        </button>
      )}
    </div>
  );
}
