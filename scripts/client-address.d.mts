import type { IncomingMessage } from 'node:http';

export function trustedProxyCount(raw: string | undefined): number;
export function clientAddress(req: IncomingMessage, trusted: number): string;
export function pinClientAddress(req: IncomingMessage, trusted: number): void;
