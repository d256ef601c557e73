// The API reference viewer: swagger-ui-dist's self-contained bundle (its own React inside), loaded only
// when the developer screen mounts, so it stays out of the first-load bundle. It needs no inline
// <script> and no eval (a Content-Security-Policy without 'unsafe-inline'/'unsafe-eval' scripts holds).
export interface ReferenceViewer {
  destroy(): void;
  /** The operations the viewer lays out ('GET /api/...'), every tag's; empty until the document has loaded. */
  operations(): string[];
}

interface TaggedOperations {
  toJS(): Record<string, { operations: { path: string; method: string }[] }>;
}

interface SwaggerUiOptions {
  domNode: HTMLElement;
  url: string;
  deepLinking?: boolean;
  supportedSubmitMethods?: string[];
  defaultModelsExpandDepth?: number;
  docExpansion?: 'list' | 'full' | 'none';
  filter?: boolean;
  validatorUrl?: string | null;
}

/** Renders the OpenAPI document at `url` into `node`. */
export async function mountReferenceViewer(node: HTMLElement, url: string): Promise<ReferenceViewer> {
  const [module] = await Promise.all([import('swagger-ui-dist/swagger-ui-es-bundle.js'), import('swagger-ui-dist/swagger-ui.css')]);
  const SwaggerUI = ((module as { default?: unknown }).default ?? module) as (options: SwaggerUiOptions) => { specSelectors: { taggedOperations(): TaggedOperations } };
  const ui = SwaggerUI({
    domNode: node,
    url,
    deepLinking: false,
    // A reference, not a console: calls are not sent from here (they would lack the tenant headers).
    supportedSubmitMethods: [],
    defaultModelsExpandDepth: -1,
    // The document has about 300 operations under some 30 tags: the tags come collapsed, with swagger-ui's
    // tag filter above them, so the first view is the table of contents (drawn at once, also on a phone)
    // and a tag's operations are drawn when it is opened, instead of all 300 before anything shows.
    docExpansion: 'none',
    filter: true,
    // No call to the public validator badge service (no network beyond this server).
    validatorUrl: null,
  });
  return {
    destroy() {
      node.replaceChildren();
    },
    // The list swagger-ui renders (it draws the visible part of it: the list is virtualized).
    operations() {
      return Object.values(ui.specSelectors.taggedOperations().toJS()).flatMap((tag) => tag.operations.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`));
    },
  };
}
