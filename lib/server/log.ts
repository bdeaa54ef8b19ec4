import 'server-only';
/** One structured log line per event, on stdout (stderr for errors), filtered by LOG_LEVEL. */
import { getEnv } from './env';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

function emit(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const { NODE_ENV, LOG_LEVEL } = getEnv();
  const configured = LOG_LEVEL ?? (NODE_ENV === 'test' ? 'silent' : 'info');
  if (LEVELS[level] < LEVELS[configured]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => emit('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => emit('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => emit('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => emit('error', msg, fields),
};
