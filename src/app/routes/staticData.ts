// What a route may declare in staticData: its breadcrumb label, or that it stays out of the trail.
import type { MessageKey } from '../../../runtime/i18n';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Breadcrumb label (a message key). Without one, the trail shows the route path. */
    label?: MessageKey;
    /** A label that depends on the route's params (an integration page is named by its integration); falls back to `label`. */
    labelFor?: (params: Record<string, string>) => MessageKey | undefined;
    /** false keeps the route out of the breadcrumb trail. */
    crumb?: boolean;
    /** True: the route starts the trail (the media library, in the sidebar, is not under Integrations). */
    rootFor?: (params: Record<string, string>) => boolean;
  }
}

export {};
