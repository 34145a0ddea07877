export * from './auth';
export * from './errors';
export * from './health';
export * from './profile';
export * from './waitlist';
export * from './connections';
export * from './analytics';
export * from './chat';
