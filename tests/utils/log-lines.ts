// Logs through the server's log destination, then ends as argv[2] says (exit, crash or quiet):
// run by tests/unit/server-log-lines-go-out-in-blocks.test.ts as a process of its own.
import pino from 'pino';
import { writeSync } from 'node:fs';
import { logDestination, loggerOptions } from '#server/logging.ts';

const log = pino(loggerOptions('info'), logDestination());
const ending = process.argv[2];
if (ending === 'quiet') {
  log.info('quiet');
  // Still running: only the once-a-second flush can write it. SIGKILL runs no exit handler.
  setTimeout(() => {
    writeSync(2, 'killing\n');
    process.kill(process.pid, 'SIGKILL');
  }, 1500);
} else {
  for (let i = 0; i < 5000; i++) log.info({ i }, 'request');
  log.info('last line');
  if (ending === 'crash') {
    setTimeout(() => {
      throw new Error('boom');
    }, 10);
  } else process.exit(0);
}
