// The server's log options. A member who navigates away while a response is still streaming closes
// the connection; @fastify/compress reports that as an error ("premature close"), which would fill
// the error log with what is not a fault of the server. Those are logged at debug instead.
import type { LoggerOptions } from 'pino';

function isClientGone(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  const code = (value as { code?: unknown }).code;
  return value.message === 'premature close' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    hooks: {
      logMethod(args, method, levelValue) {
        // 50: error. The arguments are (error) or (error, message) as @fastify/compress passes them.
        if (levelValue === 50 && isClientGone(args[0])) {
          this.debug({ reason: (args[0] as Error).message }, 'client closed the connection before the response was sent');
          return;
        }
        method.apply(this, args);
      },
    },
  };
}
