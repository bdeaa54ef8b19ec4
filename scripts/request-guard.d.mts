import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Refusal {
  status: 400 | 405;
  reason: string;
  headers: Record<string, string>;
  body: string;
}
export function refusal(method: string, rawUrl: string | undefined): Refusal | null;
export function guardRequest(req: IncomingMessage, res: ServerResponse, logLevel?: string, write?: (line: string) => void): boolean;
