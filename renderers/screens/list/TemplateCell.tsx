// A list cell drawn by a picked component template (docs/forge.md "Template cells"; spec section 2's
// template picker {component, template}). The template is an HTML entrypoint of another component's
// template distribution, drawn like all forge content: the sandboxed frame (its own CSP, the signed
// expiring bundle URL, no platform cookies) whose bridge runs with the opening user's session. The
// frame is told the cell's key and value and the record's readable fields in its hello.
//
// A list may hold hundreds of rows, so a frame exists only for a row the list's virtualiser draws
// (the window and its overscan), and is created only once its cell comes near the viewport. Until the
// bundle has said ready and its document has loaded the built-in rendering shows; it stays underneath (transparent) for screen readers
// and, in the first column, as the row's link on top. A template the distribution no longer holds, a
// bundle that cannot be opened, or one that never says ready falls back to the built-in rendering
// with a mark saying why.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { isApiRequestError } from '../../../runtime/client/errors';
import { rendererOf, type BridgeRenderer } from '../../../runtime/forge/bridge';
import { componentSettingsQueryOptions } from '../../data/components';
import { distOpenQueryOptions } from '../../data/forge';
import { TriangleAlert } from '../../ui/icons';
import { SandboxFrame } from '../forge/SandboxFrame';

export interface CellTemplate {
  component: string;
  template: string;
}

/** Why a template cell shows the built-in rendering: the template is not there, or it did not load. */
export type TemplateFallback = 'missing' | 'failed';

/**
 * How long a loaded frame may stay silent before the cell falls back. The SDK posts ready as its
 * script runs, before the document's load event, so a working bundle is never near this.
 */
export const TEMPLATE_READY_GRACE_MS = 3000;

/** Pixels around the viewport within which a cell's frame is created. */
const NEAR_VIEW = '160px';

/** True once the element has come near the viewport (at once where there is no IntersectionObserver). */
function useNearView(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: NEAR_VIEW },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}

const reasonOf = (error: unknown): TemplateFallback => (isApiRequestError(error) && error.status === 404 ? 'missing' : 'failed');

/**
 * The template's bundle URL and renderer, or why it cannot be drawn; null while it is read. The
 * component's settings and its signed URL are one query each, shared by every cell of the column.
 */
export function useTemplateSource(template: CellTemplate): { src: string; renderer: BridgeRenderer } | { fallback: TemplateFallback } | null {
  const settings = useQuery({ ...componentSettingsQueryOptions(template.component, null), retry: false });
  const dist = settings.data?.settings.templates_dist ?? null;
  const open = useQuery({ ...distOpenQueryOptions(template.component, dist?.dist ?? ''), enabled: Boolean(dist?.dist) });
  if (settings.error) return { fallback: reasonOf(settings.error) };
  if (!settings.data) return null;
  if (!dist?.dist) return { fallback: 'missing' };
  if (open.error) return { fallback: reasonOf(open.error) };
  if (!open.data) return null;
  if (open.data.files && !open.data.files.includes(template.template)) return { fallback: 'missing' };
  return { src: `${open.data.url}${template.template.split('/').map(encodeURIComponent).join('/')}`, renderer: rendererOf(dist.sdk_version ?? null) };
}

export interface TemplateCellProps {
  template: CellTemplate;
  columnKey: string;
  columnLabel: string;
  value: unknown;
  /** The record's fields the user may read (the list's columns' fields and the virtual ones). */
  record: Record<string, unknown>;
  /** The built-in rendering: shown until the template is ready, and as the fallback. */
  builtIn: ReactNode;
  /** The built-in rendering is the row's link (the first column): it stays on top of the frame. */
  linked: boolean;
}

export function TemplateCell({ template, columnKey, columnLabel, value, record, builtIn, linked }: TemplateCellProps) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  const near = useNearView(box);
  const source = useTemplateSource(template);
  // Shown once the bundle said ready and its document loaded (its deferred scripts, which draw on the
  // hello, have run by then); a document that loads and stays silent falls back.
  const [said, setSaid] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [silent, setSilent] = useState(false);
  useEffect(() => {
    if (!loaded || said) return;
    const timer = setTimeout(() => setSilent(true), TEMPLATE_READY_GRACE_MS);
    return () => clearTimeout(timer);
  }, [loaded, said]);
  const state = silent ? 'silent' : said && loaded ? 'ready' : loaded ? 'loaded' : 'loading';
  const context = useMemo(() => ({ entrypoint: template.template, cell: { key: columnKey, value: value ?? null }, record }), [template.template, columnKey, value, record]);
  // The bundle hears its context once, in its hello: a changed record (a live update) draws a new frame.
  const contextKey = useMemo(() => JSON.stringify(context), [context]);
  useEffect(() => {
    setSaid(false);
    setLoaded(false);
    setSilent(false);
  }, [contextKey]);
  const fallback: TemplateFallback | null = source && 'fallback' in source ? source.fallback : state === 'silent' ? 'failed' : null;
  const ready = state === 'ready' && !fallback;
  const mark = fallback ? intl.formatMessage({ id: fallback === 'missing' ? 'records.list.templateMissing' : 'records.list.templateFailed' }, { template: template.template }) : '';
  return (
    <div ref={box} className={`list-template-cell${ready ? ' is-ready' : ''}${linked ? ' is-linked' : ''}`} data-testid="template-cell" data-state={fallback ? 'fallback' : state}>
      <div className="list-template-text">{builtIn}</div>
      {near && source && 'src' in source && !fallback ? (
        <SandboxFrame
          key={contextKey}
          url={source.src}
          title={intl.formatMessage({ id: 'records.list.templateFrame' }, { column: columnLabel, template: template.template })}
          scope={{ component: template.component, renderer: source.renderer }}
          context={context}
          onReady={() => setSaid(true)}
          onLoad={() => setLoaded(true)}
          tabIndex={-1}
          testId="template-cell-frame"
          className="list-template-frame"
        />
      ) : null}
      {fallback ? (
        <span className="list-cell-warning" role="img" data-testid="template-cell-fallback" data-reason={fallback} title={mark} aria-label={mark}>
          <TriangleAlert aria-hidden="true" />
        </span>
      ) : null}
    </div>
  );
}
