import type { IncomingMessage, ServerResponse } from 'node:http';

export interface AdmissionSettings {
  maxActive: number;
  maxQueue: number;
  maxWaitMs: number;
}

export function admissionSettings(env: Record<string, string | undefined>): AdmissionSettings;

export class Admission {
  constructor(settings: AdmissionSettings);
  readonly maxActive: number;
  readonly active: number;
  readonly queued: number;
  admit(client: string): Promise<(() => void) | null>;
}

export function localeOf(req: IncomingMessage): 'zh' | 'en';
export function answerBusy(req: IncomingMessage, res: ServerResponse, retryAfterSeconds: number): void;
export function databaseOutage(): boolean;
export function isPageRequest(req: IncomingMessage): boolean;
export function admittingHandler(
  admission: Admission,
  clientOf: (req: IncomingMessage) => string,
  next: (req: IncomingMessage, res: ServerResponse) => void,
  options?: { retryAfterSeconds?: number },
): (req: IncomingMessage, res: ServerResponse) => void;
