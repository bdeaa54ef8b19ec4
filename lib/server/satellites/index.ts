import 'server-only';
export * from './repository';
export { getAnalysis } from './analysis';
export { getTypicalImagePage } from './typical-images';
export { satellitesSeed } from './seed';
