// Model: disable switch, timestamps, cleanup of unused models (days, empty = never), events, and the records' indexes.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Checkbox, NumberInput, Section, WrapField, type TabProps } from './controls';
import { STANDARD_EVENTS } from './events';
import { IndexesSection } from './IndexesSection';
import { X } from '../../../../../renderers/ui/icons';

/** The events the model emits: the standard ones as switches, custom ones as chips, and a custom one added by name. */
function ModelEvents({ model, update }: Pick<TabProps, 'model' | 'update'>) {
  const intl = useIntl();
  const events = model.settings.model?.events ?? [];
  const custom = events.filter((e) => !(STANDARD_EVENTS as readonly string[]).includes(e));
  const [newEvent, setNewEvent] = useState('');
  const toggle = (event: string, on: boolean) =>
    update((d) => {
      const list = d.settings.model.events;
      if (on && !list.includes(event)) list.push(event);
      if (!on) d.settings.model.events = list.filter((e) => e !== event);
    });
  const addCustom = () => {
    const name = newEvent.trim();
    if (!name) return;
    toggle(name, true);
    setNewEvent('');
  };
  return (
    <Section title={<FormattedMessage id="cmp.model.events" />}>
      <div className="check-grid">
        {STANDARD_EVENTS.map((event) => (
          <Checkbox key={event} name={`model.events.${event}`} label={event} checked={events.includes(event)} onChange={(on) => toggle(event, on)} />
        ))}
      </div>
      {custom.length > 0 ? (
        <ul className="chips chip-list">
          {custom.map((event) => (
            <li key={event} className="chip">
              {event}
              <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'cmp.model.removeEvent' }, { event })} onClick={() => toggle(event, false)}>
                <X />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="row">
        <WrapField label={<FormattedMessage id="cmp.model.customEvent" />} width="grow">
          <input
            name="model.customEvent"
            value={newEvent}
            onChange={(e) => setNewEvent(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                addCustom();
              }
            }}
          />
        </WrapField>
        <button type="button" className="button" onClick={addCustom} disabled={!newEvent.trim()}>
          <FormattedMessage id="common.add" />
        </button>
      </div>
    </Section>
  );
}

export function ModelTab({ model, update, errors }: TabProps) {
  const m = model.settings.model;
  return (
    <div className="stack">
      <Section title={<FormattedMessage id="cmp.model.title" />}>
        <Checkbox
          name="model.disable"
          label={<FormattedMessage id="cmp.model.disable" />}
          hint={<FormattedMessage id="cmp.model.disableHint" />}
          checked={Boolean(m?.disable)}
          onChange={(v) => update((d) => void (d.settings.model.disable = v))}
          errors={errors['model.disable']}
        />
        <Checkbox
          name="model.timestamps"
          label={<FormattedMessage id="cmp.model.timestamps" />}
          hint={<FormattedMessage id="cmp.model.timestampsHint" />}
          checked={Boolean(m?.timestamps)}
          onChange={(v) => update((d) => void (d.settings.model.timestamps = v))}
          errors={errors['model.timestamps']}
        />
        <NumberInput
          name="model.cleanup_after"
          label={<FormattedMessage id="cmp.model.cleanupAfter" />}
          hint={<FormattedMessage id="cmp.model.cleanupHint" />}
          min={0}
          value={m?.cleanup_after ?? null}
          onChange={(v) => update((d) => void (d.settings.model.cleanup_after = v === null ? null : Math.max(0, Math.floor(v))))}
          errors={errors['model.cleanup_after']}
        />
        <NumberInput
          name="model.history_days"
          label={<FormattedMessage id="cmp.model.historyDays" />}
          hint={<FormattedMessage id="cmp.model.historyHint" />}
          min={1}
          value={m?.history_days ?? null}
          onChange={(v) => update((d) => void (d.settings.model.history_days = v === null ? null : Math.max(1, Math.floor(v))))}
          errors={errors['model.history_days']}
        />
      </Section>
      <ModelEvents model={model} update={update} />
      <IndexesSection model={model} />
    </div>
  );
}
