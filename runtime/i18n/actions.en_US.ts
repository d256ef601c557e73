// Actions on records and component routes (issue 15): the server's messages and the texts of the
// settings sections, the record edit page's action buttons and dialog, and the list's bulk actions.
export const actionsEn_US = {
  actionEvaluationError: 'Action {name} evaluation error: {message}',
  actionNotAvailable: 'Action {name} is not available for this record.',
  routeEvaluationError: 'Route {path} evaluation error: {message}',
  'cmp.recordActions.title': 'Actions',
  'cmp.recordActions.hint': 'Actions run on records from the record edit page and as bulk actions on the list, when their display condition holds.',
  'cmp.recordActions.newName': 'New action name',
  'cmp.recordActions.empty': 'No actions yet.',
  'cmp.recordActions.condition': 'Display condition (record, context; return true to show)',
  'cmp.recordActions.code': 'Action code (record, fields, context)',
  'cmp.recordActions.fields': 'Action fields',
  'cmp.recordActions.addField': 'Add field',
  'cmp.recordActions.noFields': 'No fields: the action runs without asking.',
  'cmp.routes.title': 'Routes',
  'cmp.routes.hint': 'Each route answers {prefix}/{ref}/{path} with the value its code returns (request, context).',
  'cmp.routes.path': 'Path',
  'cmp.routes.newPath': 'New route path',
  'cmp.routes.empty': 'No routes yet.',
  'cmp.routes.code': 'Route code',
  'cmp.routes.pathReadOnly': 'The path cannot be changed after the route is created.',
  'records.actions.title': 'Actions',
  'records.actions.run': 'Run',
  'records.actions.confirm': 'Run {name} on {count, plural, one {this record} other {# records}}?',
  'records.actions.running': 'Running…',
  'records.actions.done': 'Action {name} done.',
  'records.actions.doneMany': 'Action {name} done on {count} records.',
  'records.actions.none': 'No action applies to the selected records.',
  'records.actions.bulkHint': 'Only the actions whose display condition holds for every selected record are offered.',
} as const;

export type ActionsMessageKey = keyof typeof actionsEn_US;
