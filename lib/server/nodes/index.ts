import 'server-only';
export * from './repository';
export { nodesSeed } from './seed';
