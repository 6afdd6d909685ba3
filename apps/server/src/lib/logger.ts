import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: pino.LevelWithSilent): Logger {
  return pino({
    level,
    // Never write secrets, whatever object a caller passes in (ASVS 16.2.5).
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'cookie', '*.cookie'],
      censor: '[redacted]',
    },
  });
}
