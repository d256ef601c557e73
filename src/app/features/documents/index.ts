// The documents panel for a screen to mount (docs/documents.md "Panel"): <DocumentsPanel libraryUuid={uuid} />.
export { DocumentsPanel, type DocumentsPanelProps } from './DocumentsPanel';
export { DocumentsApiProvider } from './api';
