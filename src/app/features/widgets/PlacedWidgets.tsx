// The widgets a page shows (the admin dashboard, the home page), in the order stored for the project
// (GET /v1/system/widget/places). An admin chooses them: a tick per widget, moved up and down with
// buttons (keyboard and touch alike), saved with PUT /v1/system/widget/places.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Widget, WidgetPlace } from '../../../../runtime/api/widgets';
import { widgetsApi } from '../../../../runtime/client/widgets';
import { claimsQueryOptions } from '../../../../renderers/data/queries';
import { ArrowDown, ArrowUp } from '../../../../renderers/ui/icons';
import { Message } from '../../../../renderers/ui/Message';
import { showToast } from '../../../../renderers/ui/toast';
import { widgetKeys, widgetPlacesQueryOptions, widgetsQueryOptions } from './data';
import { WidgetCard } from './WidgetCard';
import './widgets.css';

function move<T>(list: T[], index: number, by: number): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(index + by, 0, item!);
  return next;
}

function PlaceChooser({ place, widgets, chosen, close }: { place: WidgetPlace; widgets: Widget[]; chosen: string[]; close: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<string[]>(() => [...chosen, ...widgets.map((w) => w.uuid).filter((uuid) => !chosen.includes(uuid))]);
  const [shown, setShown] = useState<Set<string>>(() => new Set(chosen));
  const save = useMutation({
    mutationFn: () => widgetsApi.setPlaces({ [place]: order.filter((uuid) => shown.has(uuid)) }),
    onSuccess: (places) => {
      queryClient.setQueryData(widgetKeys.places, places);
      showToast('widgets.place.saved', 'success');
      close();
    },
  });
  const byId = new Map(widgets.map((w) => [w.uuid, w]));
  const toggle = (uuid: string, on: boolean) => setShown((set) => (on ? new Set([...set, uuid]) : new Set([...set].filter((u) => u !== uuid))));
  if (widgets.length === 0) {
    return (
      <p className="muted" data-testid="widget-place-none">
        <FormattedMessage id="widgets.place.noWidgets" />
      </p>
    );
  }
  return (
    <div className="widget-chooser" data-testid="widget-chooser">
      <ol className="widget-chooser-list">
        {order.map((uuid, index) => {
          const name = byId.get(uuid)?.name ?? uuid;
          return (
            <li key={uuid}>
              <label className="field-check">
                <input type="checkbox" checked={shown.has(uuid)} onChange={(e) => toggle(uuid, e.target.checked)} aria-label={intl.formatMessage({ id: 'widgets.place.show' }, { name })} />
                <span>{name}</span>
              </label>
              <span className="widget-chooser-moves">
                <button type="button" className="button button-ghost icon-button" disabled={index === 0} onClick={() => setOrder((o) => move(o, index, -1))} aria-label={intl.formatMessage({ id: 'widgets.place.up' }, { name })}>
                  <ArrowUp aria-hidden />
                </button>
                <button type="button" className="button button-ghost icon-button" disabled={index === order.length - 1} onClick={() => setOrder((o) => move(o, index, 1))} aria-label={intl.formatMessage({ id: 'widgets.place.down' }, { name })}>
                  <ArrowDown aria-hidden />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {save.isError ? (
        <p className="form-error" role="alert">
          <Message value={save.error.message} />
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button" onClick={close}>
          <FormattedMessage id="widgets.place.cancel" />
        </button>
        <button type="button" className="button button-primary" data-testid="widget-place-save" disabled={save.isPending} onClick={() => save.mutate()}>
          <FormattedMessage id="widgets.place.save" />
        </button>
      </div>
    </div>
  );
}

export function PlacedWidgets({ place }: { place: WidgetPlace }) {
  const widgets = useQuery(widgetsQueryOptions());
  const places = useQuery(widgetPlacesQueryOptions());
  const claims = useQuery(claimsQueryOptions());
  const [choosing, setChoosing] = useState(false);
  const isAdmin = claims.data?.IsAdmin ?? false;
  const byId = new Map((widgets.data ?? []).map((w) => [w.uuid, w]));
  const placed = (places.data?.[place] ?? []).flatMap((uuid) => (byId.has(uuid) ? [byId.get(uuid)!] : []));
  const loading = widgets.isPending || places.isPending;
  if (!isAdmin && !loading && placed.length === 0) return null;
  return (
    <section className="widget-place" data-testid={`widgets-${place}`} aria-labelledby={`widgets-${place}-title`}>
      <div className="widget-place-head">
        <h2 id={`widgets-${place}-title`} className="subtle-heading">
          <FormattedMessage id="widgets.place.heading" />
        </h2>
        {isAdmin && !choosing ? (
          <button type="button" className="button button-ghost" data-testid="widget-place-choose" onClick={() => setChoosing(true)}>
            <FormattedMessage id="widgets.place.choose" />
          </button>
        ) : null}
      </div>
      {choosing && widgets.data && places.data ? (
        <PlaceChooser place={place} widgets={widgets.data} chosen={places.data[place]} close={() => setChoosing(false)} />
      ) : null}
      {loading ? (
        <div className="skeleton" aria-busy="true" />
      ) : widgets.isError || places.isError ? (
        <p className="form-error">
          <FormattedMessage id="dashboard.loadFailed" />
        </p>
      ) : placed.length === 0 ? (
        <p className="muted" data-testid="widget-place-empty">
          <FormattedMessage id="widgets.place.none" /> <FormattedMessage id="widgets.place.noneHint" />
        </p>
      ) : (
        <div className="widget-grid">
          {placed.map((widget) => (
            <WidgetCard key={widget.uuid} widget={widget} />
          ))}
        </div>
      )}
    </section>
  );
}
