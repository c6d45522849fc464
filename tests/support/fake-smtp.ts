import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';

/*
 * A fake SMTP server for the SMTP mailer's tests: a TCP server on 127.0.0.1 that answers the
 * commands nodemailer sends (EHLO, MAIL FROM, RCPT TO, DATA, QUIT) and keeps each message it is
 * given, with its envelope and its bytes as they arrived (dot-stuffing undone). A recipient can be
 * refused with a 550, as a real server refuses an unknown mailbox.
 *
 * What it does NOT prove: no TLS, no STARTTLS, no authentication, no pipelining, no size limits;
 * it never defers (4xx). Delivery beyond the server is not its concern.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The DATA as the client sent it, dot-stuffing undone, its terminating "." line removed. */
  data: Buffer;
}

export class FakeSmtpServer {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  readonly received: ReceivedMail[] = [];
  /** Recipients answered 550 at RCPT TO. */
  readonly refused = new Set<string>();

  async start(): Promise<string> {
    this.server = createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private serve(socket: Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    let buffer = Buffer.alloc(0);
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: Buffer.alloc(0) };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer
            .subarray(0, end + 2)
            .toString('latin1')
            .replace(/^\.\./gm, '.');
          this.received.push({ ...mail, data: Buffer.from(data, 'latin1') });
          buffer = buffer.subarray(end + 5);
          inData = false;
          reply('250 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.subarray(0, eol).toString('latin1');
        buffer = buffer.subarray(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') {
          mail = { from: address, to: [], data: Buffer.alloc(0) };
          reply('250 sender ok');
        } else if (verb === 'RCPT') {
          if (this.refused.has(address)) reply('550 no such mailbox');
          else {
            mail.to.push(address);
            reply('250 recipient ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 not implemented');
      }
    });
  }
}
