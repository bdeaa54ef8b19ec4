import { resetEnvCache } from './env';
import { log } from './log';

describe('log', () => {
  const saved = process.env.LOG_LEVEL;
  let out: jest.SpyInstance;
  let err: jest.SpyInstance;
  beforeEach(() => {
    out = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    if (saved === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = saved;
    resetEnvCache();
  });

  it('is silent under jest unless LOG_LEVEL is set', () => {
    delete process.env.LOG_LEVEL;
    resetEnvCache();
    log.error('boom');
    expect(err).not.toHaveBeenCalled();
  });

  it('writes one JSON line per event at or above LOG_LEVEL, errors and warnings on stderr', () => {
    process.env.LOG_LEVEL = 'warn';
    resetEnvCache();
    log.info('hidden');
    log.warn('shown', { id: 7 });
    expect(out).not.toHaveBeenCalled();
    expect(err).toHaveBeenCalledTimes(1);
    expect(JSON.parse(err.mock.calls[0]![0] as string)).toMatchObject({ level: 'warn', msg: 'shown', id: 7 });
  });
});
