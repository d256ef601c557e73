// The record screens run with the app's renderer set (the built-in controls and cells plus the enabled
// plugins'). Provided here, around each record page, rather than at the app's root: the set holds every
// control, and the sign-in page and the dashboard should not load them.
import type { ComponentType } from 'react';
import { RendererSetProvider } from '../../../../renderers/registry/RendererSet';
import { rendererSet } from '../../rendererSet';
import { MediaWidgetServicesProvider } from './mediaWidgetServices';

export function withRendererSet<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithRendererSet(props: P) {
    return (
      <RendererSetProvider value={rendererSet}>
        <MediaWidgetServicesProvider>
          <Page {...props} />
        </MediaWidgetServicesProvider>
      </RendererSetProvider>
    );
  }
  WithRendererSet.displayName = `WithRendererSet(${Page.displayName ?? Page.name})`;
  return WithRendererSet;
}
