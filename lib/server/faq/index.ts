export * from './repository';
export { faqSeed } from './seed';
