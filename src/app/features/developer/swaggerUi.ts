// The API reference viewer: swagger-ui-dist's self-contained bundle (its own React inside), loaded only
// when the developer screen mounts, so it stays out of the first-load bundle. It needs no inline
// <script> and no eval (a Content-Security-Policy without 'unsafe-inline'/'unsafe-eval' scripts holds).
export interface ReferenceViewer {
  destroy(): void;
}

interface SwaggerUiOptions {
  domNode: HTMLElement;
  url: string;
  deepLinking?: boolean;
  supportedSubmitMethods?: string[];
  defaultModelsExpandDepth?: number;
  docExpansion?: 'list' | 'full' | 'none';
  validatorUrl?: string | null;
}

/** Renders the OpenAPI document at `url` into `node`. */
export async function mountReferenceViewer(node: HTMLElement, url: string): Promise<ReferenceViewer> {
  const [module] = await Promise.all([import('swagger-ui-dist/swagger-ui-es-bundle.js'), import('swagger-ui-dist/swagger-ui.css')]);
  const SwaggerUI = ((module as { default?: unknown }).default ?? module) as (options: SwaggerUiOptions) => unknown;
  SwaggerUI({
    domNode: node,
    url,
    deepLinking: false,
    // A reference, not a console: calls are not sent from here (they would lack the tenant headers).
    supportedSubmitMethods: [],
    defaultModelsExpandDepth: -1,
    docExpansion: 'list',
    // No call to the public validator badge service (no network beyond this server).
    validatorUrl: null,
  });
  return {
    destroy() {
      node.replaceChildren();
    },
  };
}
