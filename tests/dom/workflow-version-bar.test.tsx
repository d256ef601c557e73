// The workflow page's version bar (issue 29 item 13): it says which events the shown version runs on
// (its start nodes, nothing else: the Model tab's events decide nothing), warns when there is none, and
// "Use in dev" says in a toast what it did.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workflow } from '../../runtime/api/workflows';
import { createNode } from '../../runtime/workflows/constants';
import { toastStore } from '../../renderers/ui/toast';
import { VersionBar } from '../../src/app/features/workflows/VersionBar';
import { WorkflowIntl } from '../../src/app/features/workflows/WorkflowIntl';
import { withIntl } from './harness';

const calls: { url: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  toastStore.set([]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function workflow(nodes: Workflow['version']['nodes'], version = 'v2'): Workflow {
  return {
    uuid: 'wf-1', name: 'Notify', component_uuid: 'c-1', component_ref: 'orders', component_name: 'Orders', dev_version: 'v1', public_version: null,
    versions: [], events: [], created_at: '', updated_at: '', version: { name: version, nodes, updated_at: '' },
  } as unknown as Workflow;
}

function mount(wf: Workflow) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(withIntl(<QueryClientProvider client={client}><WorkflowIntl><VersionBar workflow={wf} /></WorkflowIntl></QueryClientProvider>));
}

const start = (action: string, id = 1) => createNode('event', { id, name: action.toLowerCase(), action, x: 0, y: 0 });

describe('the version bar', () => {
  it('shows the events the version runs on, and "Use in dev" toasts the version, the environment and those events', async () => {
    mount(workflow([start('Create'), { ...start('Update', 2), paused: true }, createNode('operation', { id: 3, name: 'call', action: 'http_request', x: 200, y: 0 })]));
    expect(screen.getByTestId('wf-runs-on').textContent).toBe('Runs on: Create');
    fireEvent.click(screen.getByTestId('wf-publish-dev'));
    await waitFor(() => expect(toastStore.get()).toHaveLength(1));
    expect(calls.at(-1)).toMatchObject({ body: { version: 'v2', env: 'dev' } });
    expect(calls.at(-1)!.url).toContain('/workflows/wf-1/publish');
    expect(toastStore.get()[0]).toMatchObject({ message: 'cmp.workflow.published', tone: 'success', values: { version: 'v2', env: 'dev', events: 'Create' } });
  });

  it('warns when the version has no start event, on the page and in the toast', async () => {
    mount(workflow([createNode('operation', { id: 3, name: 'call', action: 'expression', x: 0, y: 0 })]));
    expect(screen.getByTestId('wf-runs-on').textContent).toBe('No start event yet: add an Event node for this workflow to run.');
    fireEvent.click(screen.getByTestId('wf-publish-dev'));
    await waitFor(() => expect(toastStore.get()).toHaveLength(1));
    expect(toastStore.get()[0]).toMatchObject({ message: 'cmp.workflow.publishedNoEvent', tone: 'warning' });
  });
});
