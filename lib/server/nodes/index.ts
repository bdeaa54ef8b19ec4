export * from './repository';
export { nodesSeed } from './seed';
