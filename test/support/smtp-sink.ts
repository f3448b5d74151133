import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string[];
  text: string;
}

/**
 * A real SMTP server on loopback (smtp-server) that keeps what it is sent: `mails` in order, their
 * quoted-printable soft breaks undone so a test reads the text as written.
 */
export async function startSmtpSink(port: number): Promise<{ mails: Mail[]; close: () => Promise<void> }> {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          text: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { mails, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
