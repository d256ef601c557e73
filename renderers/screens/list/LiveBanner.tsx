// 'N new changes to this list' with a button that shows them (useLiveList), announced politely. The
// button names what it shows (its description is the count); once pressed the banner hides, so the
// focus goes to `onShown`'s target (the list's title) instead of being lost with the button.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { LiveList } from './useLiveList';

export function LiveBanner({ live, onShown }: { live: Pick<LiveList, 'count' | 'show'>; onShown?: () => void }) {
  const intl = useIntl();
  const countId = useId();
  return (
    <div className="live-banner" role="status" aria-live="polite" data-testid="live-banner" hidden={live.count === 0}>
      {live.count > 0 ? (
        <>
          <span id={countId}>{intl.formatMessage({ id: 'eventBus.newRecords' }, { count: live.count })}</span>
          <button
            type="button"
            className="button button-small"
            data-testid="live-banner-show"
            aria-describedby={countId}
            onClick={() => {
              void live.show();
              onShown?.();
            }}
          >
            {intl.formatMessage({ id: 'eventBus.showNew' })}
          </button>
        </>
      ) : null}
    </div>
  );
}
