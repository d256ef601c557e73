// The CodeMirror side of the TypeScript worker: completion, type errors (lint) and hover types for a
// script of one kind. Imported lazily by CodeMirrorView when a script editor mounts, so neither this
// nor the worker (TypeScript itself, about 1 MB gzip) is part of any page's first load. One worker
// serves every editor of the page; it is made on first use and kept.
import { autocompletion, startCompletion, type CompletionSource } from '@codemirror/autocomplete';
import { linter } from '@codemirror/lint';
import type { Extension } from '@codemirror/state';
import { EditorView, hoverTooltip, ViewPlugin } from '@codemirror/view';
import * as Comlink from 'comlink';
import type { ScriptKind } from '../../../../../runtime/script/sdk/kinds';
import type { ScriptService } from './protocol';

let service: Comlink.Remote<ScriptService> | null = null;
let fileNo = 0;

function worker(): Comlink.Remote<ScriptService> {
  service ??= Comlink.wrap<ScriptService>(new Worker(new URL('./tsWorker.ts', import.meta.url), { type: 'module', name: 'luma-typescript' }));
  return service;
}

/** Completion, lint and hover for a script of `kind`, checked against luma-sdk.d.ts?kind=. */
export function scriptExtensions(kind: ScriptKind): Extension[] {
  const remote = worker();
  const path = `/${kind}/${fileNo++}.js`;

  // The worker has the text before anything asks about it; comlink keeps calls in order. The first
  // update resolves once the kind's types are loaded: the editor says so (data-types; tests wait on
  // it rather than on time). A completion asked for while they loaded (typing right after opening)
  // may have been given up by CodeMirror as too slow: it is asked again.
  const sync = ViewPlugin.define((view) => {
    view.dom.setAttribute('data-types', 'loading');
    remote.update(path, view.state.doc.toString()).then(
      () => {
        view.dom.setAttribute('data-types', 'ready');
        const head = view.state.selection.main.head;
        if (view.hasFocus && /[\w.]$/.test(view.state.sliceDoc(Math.max(0, head - 1), head))) startCompletion(view);
      },
      () => view.dom.setAttribute('data-types', 'failed'),
    );
    return {
      update(update) {
        if (update.docChanged) void remote.update(path, update.state.doc.toString());
      },
      destroy() {
        void remote.forget(path);
      },
    };
  });

  const complete: CompletionSource = async (context) => {
    const found = await remote.complete(path, context.pos, context.explicit);
    if (!found || context.aborted) return null;
    return { from: found.from, options: found.options, validFor: /^\w*$/ };
  };

  const hover = hoverTooltip(async (_view, pos) => {
    const found = await remote.hover(path, pos);
    if (!found) return null;
    return {
      pos: found.from,
      end: found.to,
      create() {
        const dom = document.createElement('div');
        dom.className = 'cm-ts-hover';
        const type = dom.appendChild(document.createElement('code'));
        type.textContent = found.text;
        if (found.doc) dom.appendChild(document.createElement('p')).textContent = found.doc;
        return { dom };
      },
    };
  });

  return [
    sync,
    autocompletion({ override: [complete], activateOnTyping: true }),
    linter(() => remote.lint(path), { delay: 400 }),
    hover,
    EditorView.contentAttributes.of({ 'data-script-kind': kind }),
  ];
}
