export * from './repository';
export { feedbackSeed } from './seed';
