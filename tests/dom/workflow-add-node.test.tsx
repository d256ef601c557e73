// "Add node" on the workflow canvas (issue 29 item 11): the dialog asks for the node's type and, for an
// operation, its action, choosing neither for the user; the new node lands beside the selected or the
// last node, never on top of one (a node dropped on the start node made every drag "connect to itself").
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUES, DEFAULT_LOCALE } from '../../runtime/i18n/catalogues';
import { createNode, NODE_DEFAULT_SIZE } from '../../runtime/workflows/constants';
import { placeNewNode } from '../../src/app/features/workflows/canvas/placeNode';
import { AddNodeDialog } from '../../src/app/features/workflows/editors/AddNodeDialog';
import { WorkflowIntl } from '../../src/app/features/workflows/WorkflowIntl';

afterEach(cleanup);

function openDialog() {
  const added: [string, string, string][] = [];
  render(
    <IntlProvider locale="en" messages={CATALOGUES[DEFAULT_LOCALE]}>
      <WorkflowIntl>
        <AddNodeDialog onAdd={(...args) => added.push(args)} onClose={() => undefined} />
      </WorkflowIntl>
    </IntlProvider>,
  );
  return added;
}

const select = (testId: string) => screen.getByTestId(testId) as HTMLSelectElement;

describe('the add-node dialog', () => {
  it('starts on "Choose a node type…" and refuses Add until a type is chosen', () => {
    const added = openDialog();
    expect(select('wf-add-type').value).toBe('');
    expect(select('wf-add-type').selectedOptions[0]!.textContent).toBe('Choose a node type…');
    expect(screen.queryByTestId('wf-add-action')).toBeNull();
    fireEvent.click(screen.getByTestId('wf-add-confirm'));
    expect(added).toEqual([]);
    expect(screen.getByTestId('wf-add-type-error').textContent).not.toBe('');
  });

  it('asks an operation for its action, with no action chosen in advance', () => {
    const added = openDialog();
    fireEvent.change(select('wf-add-type'), { target: { value: 'operation' } });
    expect(select('wf-add-action').value).toBe('');
    expect(select('wf-add-action').selectedOptions[0]!.textContent).toBe('Choose an action…');
    fireEvent.change(screen.getByTestId('wf-add-name'), { target: { value: 'notify' } });
    fireEvent.click(screen.getByTestId('wf-add-confirm'));
    expect(added).toEqual([]);
    expect(screen.getByTestId('wf-add-action-error')).toBeTruthy();
    fireEvent.change(select('wf-add-action'), { target: { value: 'http_request' } });
    fireEvent.click(screen.getByTestId('wf-add-confirm'));
    expect(added).toEqual([['operation', 'http_request', 'notify']]);
  });
});

describe('where a new node lands', () => {
  const start = createNode('event', { id: 1, name: 'create', action: 'Create', x: 100, y: 100 });
  const centre = { x: 160, y: 130 };
  const overlap = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.abs(a.x - b.x) < NODE_DEFAULT_SIZE.width && Math.abs(a.y - b.y) < NODE_DEFAULT_SIZE.height;

  it('beside the start node, not on it, even when the view is centred on it', () => {
    const at = placeNewNode([start], centre);
    expect(overlap(at, start)).toBe(false);
    expect(at.y).toBe(start.y);
    expect(at.x).toBeGreaterThan(start.x + start.width);
  });

  it('beside the selected node, below any node already there, and in the view centre on an empty canvas', () => {
    const first = placeNewNode([start], centre);
    const second = createNode('operation', { id: 2, name: 'a', action: 'expression', ...first });
    const third = placeNewNode([start, second], centre, 1);
    expect([start, second].some((n) => overlap(third, n))).toBe(false);
    expect(third.x).toBe(second.x);
    expect(placeNewNode([], centre)).toEqual({ x: 100, y: 100 });
  });
});
