import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerError } from 'smtp-server';

/** A mail as the test server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The whole message as sent: headers and body. */
  raw: string;
}

/** Makes the server answer an SMTP error at one command of the dialogue. */
export interface Refusal {
  at: 'RCPT TO' | 'DATA';
  responseCode: number;
  message: string;
}

export interface TestSmtpServer {
  port: number;
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Set or clear at any time: the next mails are refused at that command until it is cleared. */
  refusal: Refusal | undefined;
  close(): Promise<void>;
}

const isAddressInfo = (address: AddressInfo | string | null): address is AddressInfo =>
  typeof address === 'object' && address !== null;

const smtpError = ({ responseCode, message }: Refusal): SMTPServerError =>
  Object.assign(new Error(message), { responseCode });

/**
 * A real SMTP server for tests (the npm package smtp-server) on 127.0.0.1, on a free port unless one is
 * given (a test reopens a port it closed to play a server coming back). It collects what it receives.
 */
export async function startSmtpServer(
  options: { port?: number; refusal?: Refusal } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // No reverse DNS lookup of the client: a test must not depend on a resolver.
    disableReverseLookup: true,
    onRcptTo(_address, _session, callback) {
      const refusal = handle.refusal;
      callback(refusal?.at === 'RCPT TO' ? smtpError(refusal) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusal = handle.refusal;
        if (refusal?.at === 'DATA') return callback(smtpError(refusal));
        const raw = Buffer.concat(chunks).toString('utf8');
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((address) => address.address),
          subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
          raw,
        });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!isAddressInfo(address)) throw new Error('The test SMTP server has no TCP address');
  const { port } = address;
  const handle: TestSmtpServer = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusal: options.refusal,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return handle;
}
