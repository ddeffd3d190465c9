/**
 * The e2e server's outbox: with no SMTP_URL it writes each mail as an .eml file in DATA_DIR/outbox
 * (playwright.config.ts sets DATA_DIR to E2E_DATA_DIR). Tests wait here for the mail a journey sends.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseMail, type ReceivedMail } from '#tests/smtp-sink';

export { codeFrom, resetTokenFrom } from '#tests/smtp-sink';

const POLL_MS = 100;
const DEFAULT_WAIT_MS = 10_000;

export function e2eOutboxFolder(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
  return path.join(dataDir, 'outbox');
}

/** A whole message: the writer may still be on a file when it is read. */
function isComplete(raw: string): boolean {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  return boundary ? raw.includes(`--${boundary}--`) : /\r?\n\r?\n/.test(raw);
}

export class Outbox {
  private readonly read = new Map<string, ReceivedMail>();
  private readonly handedOut = new Map<string, number>();

  constructor(private readonly folder = e2eOutboxFolder()) {}

  /** Every complete mail to `address` so far, oldest first (file names start with the time they were written). */
  async mailsTo(address: string): Promise<ReceivedMail[]> {
    const files = await readdir(this.folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const file of files.filter((name) => name.endsWith('.eml')).sort()) {
      if (this.read.has(file)) continue;
      const raw = await readFile(path.join(this.folder, file), 'utf8');
      if (!isComplete(raw)) continue;
      const mail = parseMail(raw, []);
      this.read.set(file, { ...mail, to: [(mail.headers.to ?? '').toLowerCase()] });
    }
    const key = address.toLowerCase();
    return [...this.read.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, mail]) => mail)
      .filter((mail) => mail.to.some((to) => to.includes(key)));
  }

  /**
   * Waits until a mail to `address` arrives that no earlier call returned, and returns the newest one: after
   * a resend only the latest code counts.
   */
  async nextMailTo(address: string, timeoutMs = DEFAULT_WAIT_MS): Promise<ReceivedMail> {
    const key = address.toLowerCase();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = await this.mailsTo(key);
      const newest = mails.at(-1);
      if (newest && mails.length > (this.handedOut.get(key) ?? 0)) {
        this.handedOut.set(key, mails.length);
        return newest;
      }
      if (Date.now() > deadline)
        throw new Error(`No new mail to ${address} arrived in ${this.folder} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
