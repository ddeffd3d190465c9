/**
 * A real SMTP server on loopback for tests: it accepts every mail (no auth, no TLS), decodes the text and
 * HTML parts well enough to read codes and links, and lets a test wait for the next mail to an address.
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const DEFAULT_WAIT_MS = 10_000;

export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  /** While true, every recipient is refused with 451 (a temporary failure: the sender should try again later). */
  refusing = false;
  /** How long each mail's DATA is held before it is accepted, so a test can see how many a sender has in flight. */
  holdMs = 0;
  /** The most mails whose DATA was being received at one moment. */
  mostInFlight = 0;
  private inFlight = 0;
  private readonly handedOut = new Map<string, number>();
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  /** Listens on `port` (0: any free port) on 127.0.0.1. */
  static async start(port = 0): Promise<SmtpSink> {
    let sink: SmtpSink | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      closeTimeout: 200,
      onRcptTo(_address, _session, callback) {
        if (!sink?.refusing) return callback();
        callback(Object.assign(new Error('Mailbox busy, please try again later'), { responseCode: 451 }));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        sink?.startReceiving();
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const recipients = session.envelope.rcptTo.map((address) => address.address.toLowerCase());
          setTimeout(() => {
            sink?.receive(parseMail(Buffer.concat(chunks).toString('utf8'), recipients));
            callback();
          }, sink?.holdMs ?? 0);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('SMTP sink has no port');
    sink = new SmtpSink(server, address.port);
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  mailsTo(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /** The next mail to `address` that no earlier call returned, waiting for it to arrive. */
  async nextMailTo(address: string, timeoutMs = DEFAULT_WAIT_MS): Promise<ReceivedMail> {
    const key = address.toLowerCase();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.handedOut.get(key) ?? 0;
      const mail = this.mailsTo(key)[index];
      if (mail) {
        this.handedOut.set(key, index + 1);
        return mail;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No mail to ${address} arrived within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private startReceiving() {
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
  }

  private receive(mail: ReceivedMail) {
    this.inFlight -= 1;
    this.mails.push(mail);
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** The six-digit code in a signup mail's text. */
export function codeFrom(mail: ReceivedMail): string {
  const match = /^\s+(\d{6})\s*$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`No code in mail: ${mail.text}`);
  return match[1];
}

/** The reset token in a password-reset mail's text. */
export function resetTokenFrom(mail: ReceivedMail): string {
  const match = /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No reset link in mail: ${mail.text}`);
  return match[1];
}

function splitHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function splitHeadAndBody(raw: string): [Record<string, string>, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return [splitHeaders(raw), ''];
  return [splitHeaders(raw.slice(0, match.index)), raw.slice(match.index + match[0].length)];
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => `%${hex}`);
      // Every literal % must survive decodeURIComponent, so escape them before decoding the =XX ones.
      return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replaceAll('_', ' '), 'quoted-printable'),
  );
}

function collectParts(headers: Record<string, string>, body: string, into: { text: string; html: string }) {
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const [partHeaders, partBody] = splitHeadAndBody(section.replace(/^\r?\n/, ''));
      collectParts(partHeaders, partBody, into);
    }
    return;
  }
  const decoded = decodeBody(body.replace(/\r?\n$/, ''), headers['content-transfer-encoding']);
  if (contentType.toLowerCase().startsWith('text/html')) into.html += decoded;
  else if (contentType.toLowerCase().startsWith('text/plain')) into.text += decoded.replace(/\r\n/g, '\n');
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const [headers, body] = splitHeadAndBody(raw);
  const parts = { text: '', html: '' };
  collectParts(headers, body, parts);
  return {
    to,
    from: decodeHeader(headers.from ?? ''),
    subject: decodeHeader(headers.subject ?? ''),
    text: parts.text,
    html: parts.html,
    headers,
  };
}
