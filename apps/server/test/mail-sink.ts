import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  raw: string;
}

/** A real SMTP server on loopback that keeps every message it receives (integration and browser tests). */
export interface MailSink {
  port: number;
  mail: ReceivedMail[];
  /** The text of every mail sent to `address`, oldest first, decoded from quoted-printable or base64. */
  textsTo(address: string): string[];
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const mail: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (_auth, _session, cb) => cb(null, { user: 'test' }),
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) mail.push({ to: r.address, raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    mail,
    textsTo: (address) => mail.filter((m) => m.to === address).map((m) => decodeMail(m.raw)),
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A received mail's text: quoted-printable soft breaks joined and escapes decoded, base64 parts decoded. */
export function decodeMail(raw: string): string {
  const b64 = [...raw.matchAll(/^([A-Za-z0-9+/=]{16,})$/gm)].map((m) => Buffer.from(m[1]!, 'base64').toString('utf8'));
  const qp = raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (s) =>
    Buffer.from(
      s
        .slice(1)
        .split('=')
        .map((x) => parseInt(x, 16)),
    ).toString('utf8'),
  );
  return `${qp}\n${b64.join('\n')}`;
}

/** The first 6-digit code in a text. */
export const codeIn = (text: string | undefined): string | undefined => text?.match(/\b(\d{6})\b/)?.[1];
