import './outside-next.cjs';
import { dropTemplate } from './template-db';

export default async function globalTeardown() {
  await dropTemplate();
}
