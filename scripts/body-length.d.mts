import type { ServerResponse } from 'node:http';
export function keepBodyLength<T extends ServerResponse>(res: T): T;
