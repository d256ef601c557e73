// The node editor's draft: a copy of the node the fields change, checked with the server's node rules
// (runtime/workflows/rules.ts). A field's errors show once it was touched or Done was tried; Done with
// errors keeps the editor open, without them hands the draft (its name normalised) back and closes.
import { useMemo, useState } from 'react';
import { normaliseName } from '../../../../../runtime/workflows/constants';
import { validateNode } from '../../../../../runtime/workflows/rules';
import type { WorkflowNode } from '../../../../../schemas/workflow.schema';
import { errorsAt, type Data } from './fields';

export function useNodeDraft(node: WorkflowNode, onChange: (node: WorkflowNode) => void, onClose: () => void) {
  const [draft, setDraft] = useState<WorkflowNode>(() => structuredClone(node));
  const [tried, setTried] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const errors = useMemo(() => validateNode(draft), [draft]);
  const shown = (field: string) => (tried || touched.has(field) ? errorsAt(errors, field) : []);

  const touch = (field: string) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const setData = (key: string, value: unknown) => {
    touch(`data.${key}`);
    setDraft((current) => ({ ...current, data: { ...current.data, [key]: value } }));
  };
  const setSmtp = (key: string, value: unknown) => {
    touch(`data.smtp.${key}`);
    setDraft((current) => ({ ...current, data: { ...current.data, smtp: { ...((current.data.smtp as Data) ?? {}), [key]: value } } }));
  };
  const save = () => {
    setTried(true);
    if (errors.length > 0) return;
    onChange({ ...draft, name: normaliseName(draft.name) });
    onClose();
  };
  return { draft, setDraft, data: draft.data, smtp: (draft.data.smtp ?? {}) as Data, tried, errors, shown, touch, setData, setSmtp, save };
}

export type NodeDraft = ReturnType<typeof useNodeDraft>;
