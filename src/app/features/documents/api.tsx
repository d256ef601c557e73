// The document calls the panel makes, from context: the app's documentsApi by default, a fake in tests.
import { createContext, useContext, type ReactNode } from 'react';
import { documentsApi, type DocumentsApi } from '../../../../runtime/client/documents';

const DocumentsApiContext = createContext<DocumentsApi>(documentsApi);

export function DocumentsApiProvider({ api, children }: { api: DocumentsApi; children: ReactNode }) {
  return <DocumentsApiContext.Provider value={api}>{children}</DocumentsApiContext.Provider>;
}

export const useDocumentsApi = () => useContext(DocumentsApiContext);
