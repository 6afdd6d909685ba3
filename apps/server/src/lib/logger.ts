import pino from 'pino';

export type Logger = pino.Logger;

/**
 * One JSON object per line (pino), so whatever a client sends (a newline, a forged record, a
 * terminal escape) stays inside an escaped string and cannot start a line of its own (ASVS
 * 16.4.1). `destination` defaults to stdout; tests pass a stream to read the lines back.
 */
export function createLogger(
  level: pino.LevelWithSilent,
  destination?: pino.DestinationStream,
): Logger {
  return pino(
    {
      level,
      // Never write secrets, whatever object a caller passes in (ASVS 16.2.5).
      redact: {
        paths: ['password', '*.password', 'token', '*.token', 'cookie', '*.cookie'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
