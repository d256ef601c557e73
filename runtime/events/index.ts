export * from './protocol';
export * from './client';
