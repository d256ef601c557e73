// What the media screen's dom tests share (media-screen.test.tsx, media-files.test.tsx): the admin
// page's address and what the screen shows and sends, read from the fake media host (media-harness.tsx).
import { screen } from '@testing-library/react';
import { toastStore } from '../../renderers/ui/toast';
import { mediaCalls } from './media-harness';

export const ADMIN_PAGE = '/admin/integrations/page/luma-media';
export const toasts = () => toastStore.get().map((t) => t.message);
export const cards = () => screen.queryAllByTestId('media-file').map((c) => c.dataset.key);
export const listBodies = () => mediaCalls('/v1/dms/media/list').map((c) => c.body as { path: string; last_key: string | null; limit: number; search?: string });
