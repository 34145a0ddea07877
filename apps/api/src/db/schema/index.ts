export * from './app';
export * from './auth';
export * from './jobs';
export * from './connections';
export * from './analytics';
export * from './growth';
export * from './mail';
