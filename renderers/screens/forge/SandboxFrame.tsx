// A forge bundle in a sandboxed iframe (docs/forge.md "Sandboxed serving"), with the host side of
// the postMessage bridge. The frame has `sandbox="allow-scripts allow-forms"` and no
// allow-same-origin: an opaque origin that cannot read this page, its storage or its cookies, nor
// navigate the top window. Only messages from this frame's window (origin 'null') are heard; each is
// judged (runtime/forge/bridge.ts) and run with this page's session through the typed clients, so the
// opening user's permissions decide and the bundle never sees a token. Replies go to the frame only.
import { useEffect, useRef } from 'react';
import { BRIDGE_ERROR, judgeCall, readBridgeMessage, type BridgeRequest, type BridgeScope } from '../../../runtime/forge/bridge';
import { isApiRequestError } from '../../../runtime/client/errors';
import { listApi, recordsApi } from '../../../runtime/client/records';

export interface SandboxFrameProps {
  url: string;
  title: string;
  scope: BridgeScope;
  /** What the bundle is told in its hello (besides the renderer and the component). */
  context?: Record<string, unknown>;
  /** The bundle called luma.done(result). */
  onDone?: (result: unknown) => void;
  /** The bundle's SDK said ready (it has been told its context). */
  onReady?: () => void;
  /** The frame's document loaded (whether or not its bundle speaks to the bridge). */
  onLoad?: () => void;
  className?: string;
  testId?: string;
  /** -1 keeps the frame itself out of the tab order (a list cell: the row's own link and controls are its way in). */
  tabIndex?: number;
}

async function run(request: BridgeRequest, onDone?: (result: unknown) => void): Promise<unknown> {
  switch (request.method) {
    case 'records.list':
      return listApi.list(request.ref, request.params);
    case 'records.get':
      return recordsApi.get(request.ref, request.uuid);
    case 'records.create':
      return recordsApi.create(request.ref, request.data);
    case 'records.update':
      return recordsApi.update(request.ref, request.uuid, request.version, request.data);
    case 'screen.done':
      onDone?.(request.result);
      return null;
  }
}

function errorOf(error: unknown): { message: string; status?: number; errors?: unknown } {
  if (isApiRequestError(error)) return { message: error.messageKey, status: error.status, errors: error.fieldErrors };
  return { message: 'unexpectedError' };
}

export function SandboxFrame({ url, title, scope, context, onDone, onReady, onLoad, className, testId, tabIndex }: SandboxFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The latest props, read by the one listener.
  const latest = useRef({ scope, context, onDone, onReady });
  latest.current = { scope, context, onDone, onReady };

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      // Only this frame, and only as an opaque origin: anything else is not ours to answer.
      if (!target || event.source !== target || event.origin !== 'null') return;
      const message = readBridgeMessage(event.data);
      if (!message) return;
      const reply = (body: Record<string, unknown>) => target.postMessage({ luma: 1, ...body }, '*');
      if (message.type === 'ready') {
        const { scope: current, context: extra } = latest.current;
        reply({ type: 'hello', context: { ...extra, renderer: current.renderer, component: current.component ?? null } });
        latest.current.onReady?.();
        return;
      }
      const request = judgeCall(message.method, message.args, latest.current.scope);
      if ('error' in request) {
        reply({ type: 'reply', id: message.id, ok: false, error: { message: request.error, status: request.error === BRIDGE_ERROR.args ? 400 : 403 } });
        return;
      }
      run(request, latest.current.onDone).then(
        (value) => reply({ type: 'reply', id: message.id, ok: true, value }),
        (error: unknown) => reply({ type: 'reply', id: message.id, ok: false, error: errorOf(error) }),
      );
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  return (
    <iframe
      ref={frame}
      src={url}
      title={title}
      sandbox="allow-scripts allow-forms"
      referrerPolicy="no-referrer"
      className={className ?? 'forge-frame'}
      data-testid={testId ?? 'forge-frame'}
      tabIndex={tabIndex}
      onLoad={onLoad}
    />
  );
}
