import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Environment } from '../config/environment';
import { GraphError } from '../core/graph-error';

/** Every step of a mail (connecting, the greeting, each command) has this long: a mail never hangs a request. */
const SMTP_TIMEOUT_MS = 10_000;

/**
 * The gateway's mail (invitations, password resets), through the operator's SMTP server (SMTP_URL),
 * by nodemailer. Without SMTP_URL there is none: callers say so (an invitation's link is shown to
 * the inviter instead; password reset is not offered). A mail's text holds a link with a token:
 * it is never logged (a failure is logged by its recipient's domain only).
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger('Mailer');
  private readonly url: string | undefined;
  /** nodemailer, loaded with the first mail: a gateway without SMTP_URL never loads it. */
  private transport: Promise<Transporter> | undefined;
  private readonly from: string;

  constructor(config: ConfigService<Environment, true>) {
    this.url = config.get('SMTP_URL', { infer: true });
    this.from = config.get('MAIL_FROM', { infer: true }) ?? 'WhatsApp Gateway <no-reply@localhost>';
  }

  get enabled(): boolean {
    return this.url !== undefined;
  }

  private connect(url: string): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      } satisfies SMTPTransport.Options),
    );
    return this.transport;
  }

  /** Sends it, or answers 502 code 1 (the SMTP server refused or did not answer): nothing is half done. */
  async send(mail: { to: string; subject: string; text: string }): Promise<void> {
    if (!this.url) throw new Error('no SMTP_URL: check Mailer.enabled first');
    try {
      await (await this.connect(this.url)).sendMail({ from: this.from, ...mail });
    } catch (error) {
      this.logger.warn(`mail to a recipient at ${mail.to.split('@')[1] ?? '?'} failed: ${(error as Error).message}`);
      throw new GraphError(1, 'The mail could not be sent: try again later', { status: 502 });
    }
  }

  async onModuleDestroy(): Promise<void> {
    (await this.transport?.catch(() => undefined))?.close();
  }
}
