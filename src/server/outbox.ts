// Outgoing email, written as files to config.outboxDir (default .outbox/): no mail server needed
// to try recovery locally. Each message is `<ISO time>-<recipient>.json` (machine-readable, with
// the links) plus a `.txt` twin a person can read.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  /** Named links in the message (e.g. resetLink), so tests and people can follow them. */
  links: Record<string, string>;
  partnerId: string;
}

export async function sendMail(outboxDir: string, mail: OutboxMail, now = new Date()): Promise<string> {
  await mkdir(outboxDir, { recursive: true });
  const safeTo = mail.to
    .toLowerCase()
    .replace(/[^a-z0-9@._-]/g, '_')
    .slice(0, 80);
  const base = `${now.toISOString().replace(/[:.]/g, '-')}-${safeTo}`;
  const record = { ...mail, sentAt: now.toISOString() };
  await writeFile(join(outboxDir, `${base}.json`), JSON.stringify(record, null, 2) + '\n', { mode: 0o600 });
  const txt = [`To: ${mail.to}`, `Subject: ${mail.subject}`, `Date: ${now.toUTCString()}`, '', mail.text, ''].join('\n');
  await writeFile(join(outboxDir, `${base}.txt`), txt, { mode: 0o600 });
  return join(outboxDir, `${base}.json`);
}
