export * from './repository';
export { regionsSeed } from './seed';
