// The enabled renderer plugins, made at build time from LUMA_PLUGINS (vite.config.ts, lumaPlugins).
declare module 'virtual:luma-plugins' {
  import type { RendererPlugin } from '../../renderers/registry/plugin';
  export const plugins: readonly RendererPlugin[];
}
