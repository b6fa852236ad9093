import nodemailer from 'nodemailer';
import type { Db } from '../db/database.ts';
import type { Clock } from './clock.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  /** An email address, or `+<global_code><number>` for SMS. */
  to: string;
  subject: string;
  body: string;
  /**
   * The code the message carries (a verification code), when it carries one: kept with an outbox copy so the back
   * office can mask it for every reader (DESIGN §10). Never sent anywhere.
   */
  secret?: string;
}

/** Delivers mail and SMS: through SMTP_URL / SMS_URL when configured, otherwise into the outbox table. */
export interface MessageSender {
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

export function createMessageSender(opts: {
  db: Db;
  clock: Clock;
  smtpUrl?: string | undefined;
  smsUrl?: string | undefined;
  mailFrom: string;
}): MessageSender {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;

  const toOutbox = async (m: OutgoingMessage) => {
    await opts.db
      .insertInto('outbox')
      .values({
        channel: m.channel,
        recipient: m.to,
        subject: m.subject,
        body: m.body,
        secret: m.secret ?? null,
        created_at: opts.clock.now(),
      })
      .execute();
  };

  return {
    async send(m) {
      if (m.channel === 'email' && transport) {
        await transport.sendMail({ from: opts.mailFrom, to: m.to, subject: m.subject, text: m.body });
        return;
      }
      if (m.channel === 'sms' && opts.smsUrl) {
        const res = await fetch(opts.smsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: m.to, text: m.body }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
        return;
      }
      await toOutbox(m);
    },
    close() {
      transport?.close();
    },
  };
}
