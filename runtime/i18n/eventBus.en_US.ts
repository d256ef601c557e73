// The event bus in the browser (docs/event-bus-client.md): the header's connection indicator, the
// record list's banner of changes made by others, and the edit page's warning.
export const eventBusEn_US = {
  'eventBus.status.connected': 'Connected',
  'eventBus.status.reconnecting': 'Reconnecting',
  'eventBus.status.offline': 'Offline',
  'eventBus.status.unauthorized': 'Signed out of live updates',
  'eventBus.status.label': 'Live updates: {status}',
  'eventBus.status.connectedHint': 'Changes made by others appear as they happen.',
  'eventBus.status.reconnectingHint': 'The connection dropped; trying again. Lists refresh when it is back.',
  'eventBus.status.offlineHint': 'Live updates are off after a server error. Screens still load; they refresh less often.',
  'eventBus.status.unauthorizedHint': 'Your session no longer allows live updates. Sign in again, or try reconnecting.',
  'eventBus.reconnect': 'Reconnect',
  'eventBus.newRecords': '{count, plural, one {# new change} other {# new changes}} to this list',
  'eventBus.showNew': 'Show them',
  'eventBus.changedBySomeoneElse': 'Someone else saved this record after you opened it, so saving your version would be refused. Reload to see their changes; your unsaved changes will be lost.',
  'eventBus.deletedBySomeoneElse': 'Someone else deleted this record after you opened it.',
  'eventBus.reload': 'Reload the record',
} as const;

export type EventBusMessageKey = keyof typeof eventBusEn_US;
