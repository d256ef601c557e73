// The media library in the sidebar (issue 29 item 16): a link of its own, right after Integrations in the
// admin console and after Home in /home, once the luma-media integration is on and the viewer may use it
// (spec section 6 'use luma-media'; an admin holds every permission). Before that it was reachable only
// through Integrations → Media library → Open.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { MEDIA_INTEGRATION_ID, MEDIA_PERMISSION } from '../../../runtime/api/media';
import { hasPermission } from '../../../runtime/permissions/hasPermission';
import { integrationActiveQueryOptions } from '../../../renderers/data/integrations';
import { rolePermissionsQueryOptions } from '../../../renderers/data/queries';
import { Image } from '../../../renderers/ui/icons';
import type { NavLink } from '../nav/model';

export function mediaLink(base: '/admin' | '/home'): NavLink {
  return { kind: 'link', label: 'media.title', href: `${base}/integrations/page/${MEDIA_INTEGRATION_ID}`, icon: Image };
}

/** The media link, or none while the integration is off, unknown or not the viewer's to use. */
export function useMediaNav(base: '/admin' | '/home'): NavLink[] {
  const permissions = useQuery(rolePermissionsQueryOptions());
  const may = permissions.data ? hasPermission(permissions.data, MEDIA_PERMISSION.use) : false;
  // The integrations are asked only of a viewer who may use the library.
  const active = useQuery({ ...integrationActiveQueryOptions(MEDIA_INTEGRATION_ID), enabled: may });
  const shown = active.data === true && may;
  return useMemo(() => (shown ? [mediaLink(base)] : []), [shown, base]);
}
