import 'server-only';
export * from './repository';
export { fileUrlSecret } from './secret';
export { downloadLink, imageLink, DOWNLOAD_PATH, type SignedLink } from './signed-url';
export { getFileStore, setFileStore, type FileStore } from './store';
export { sniffImage, type ImageInfo } from './image-info';
export { serveSignedFile } from './download';
