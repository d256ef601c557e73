// The upload modal's transfer: runtime/media/upload's resumable uploadFiles (tus; progress per file,
// retry from the server's offset after a dropped connection), driven by machines/upload.machine.ts.
// The app uses it as is; a test (or an embedding screen) may hand another Uploader through the context.
import { createContext } from 'react';
import type { Uploader } from '../../../../machines/upload.actors';
import { uploadFiles } from '../../../../runtime/media/upload';

export type { Uploader };

export const MediaUploaderContext = createContext<Uploader>(uploadFiles);
