// 'N new changes to this list' with a button that shows them (useLiveList), announced politely.
import { useIntl } from 'react-intl';
import type { LiveList } from './useLiveList';

export function LiveBanner({ live }: { live: Pick<LiveList, 'count' | 'show'> }) {
  const intl = useIntl();
  return (
    <div className="live-banner" role="status" aria-live="polite" data-testid="live-banner" hidden={live.count === 0}>
      {live.count > 0 ? (
        <>
          <span>{intl.formatMessage({ id: 'eventBus.newRecords' }, { count: live.count })}</span>
          <button type="button" className="button button-small" data-testid="live-banner-show" onClick={() => void live.show()}>
            {intl.formatMessage({ id: 'eventBus.showNew' })}
          </button>
        </>
      ) : null}
    </div>
  );
}
