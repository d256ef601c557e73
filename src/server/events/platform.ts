// Platform happenings that are already on the bus, written to the event log (docs/event-bus.md): a
// workflow's platform notification and a workflow run's result. They are published after their own
// commit by the one instance that caused them (meta.local), so exactly one instance writes each event.
import type { Kysely } from 'kysely';
import type { Bus } from '../platform/bus';
import type { Database } from '../db/schema';
import { publishEvents } from './outbox';

export function followPlatformEvents(db: Kysely<Database>, bus: Bus, log: (error: unknown, message: string) => void): () => void {
  const stops = [
    bus.subscribe('workflow.notification', (message, meta) => {
      if (!meta.local) return;
      void publishEvents(db, [
        {
          projectUuid: message.project,
          env: message.env,
          topic: `workflow.notification.${message.env}`,
          actor: null,
          payload: { workflow: message.workflow, node: message.node, notification: message.notification },
        },
      ]).catch((error: unknown) => log(error, 'event log: a workflow notification was not written'));
    }),
    bus.subscribe('workflow.run', (message, meta) => {
      if (!meta.local) return;
      void (async () => {
        const run = await db.selectFrom('workflow_runs').select(['component_uuid', 'env', 'event', 'record_uuid', 'user_uuid']).where('uuid', '=', message.run).executeTakeFirst();
        if (!run) return;
        // A run's result is seen by who may read its component (its data is that component's record).
        await publishEvents(db, [
          {
            projectUuid: message.project,
            env: run.env,
            topic: `workflow.run.${run.env}`,
            componentUuid: run.component_uuid,
            recordUuid: run.record_uuid,
            actor: run.user_uuid,
            payload: { workflow: message.workflow, run: message.run, status: message.status, event: run.event, record: run.record_uuid },
          },
        ]);
      })().catch((error: unknown) => log(error, 'event log: a workflow run result was not written'));
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
