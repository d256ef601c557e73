// What the three media widgets share: the sources their Source dropdown offers, which chooser is
// open, and the request the chooser works for.
import { useState } from 'react';
import { mediaSources, type MediaSource } from '../../../runtime/media/mediaSources';
import { allowedExtensions } from '../../../runtime/media/mediaValues';
import type { ControlProps } from '../../registry/types';
import type { ChooserRequest } from './chosen';
import { useMediaWidgets } from './MediaWidgetsContext';

export function useMediaField(props: ControlProps, kind: 'image' | 'file', multiple: boolean, room: number | null) {
  const services = useMediaWidgets();
  const { field, readOnly } = props;
  const customData = field.options.customData;
  const [source, setSource] = useState<MediaSource | null>(null);
  // A read-only field keeps its value: no chooser, like a protected one (spec section 6).
  // The library needs the app's browser (a form outside the platform has none).
  const sources = readOnly ? [] : mediaSources({ renderer: field.renderer, protected: field.protected, customData }, services).filter((s) => s !== 'library' || services.MediaBrowser !== null);
  const request: ChooserRequest = { kind, multiple, room, extensions: kind === 'file' || customData.extensions ? allowedExtensions(customData.extensions) : [], fieldKey: field.key, customData };
  return { sources, source, open: setSource, close: () => setSource(null), request };
}
