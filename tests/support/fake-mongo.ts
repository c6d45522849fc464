import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { BSON, type Document } from 'mongodb';

/*
 * A fake MongoDB server for fault tests: a TCP server on 127.0.0.1 that speaks the wire protocol the
 * driver uses (OP_QUERY/OP_REPLY for the first handshake, OP_MSG after it), encoding with the BSON
 * library the driver itself exports. It answers as a replica-set primary (so the adapter runs its
 * writes in transactions), records every command in order, and answers each with the smallest
 * reply of the right shape: empty cursors, write counts, ok. A test can script the reply to a
 * command, make a command fail with a server error code, or close the connection on it.
 *
 * What it does NOT prove:
 * - It stores nothing and executes nothing: queries, updates, index builds, renames and
 *   transactions are recorded, not run. The tests prove which commands the adapter sends, in which
 *   order and with which keys, and how it maps the errors a server sends; not that MongoDB uses the
 *   indexes, keeps them across renameCollection (it does, as documented), or commits atomically.
 *   The contract suite (mongo.int.test.ts with MONGODB_URL) runs the same adapter on a real server.
 * - Server selection, retries and pool clearing are the real driver's, but against one node whose
 *   state never changes except where a test says so.
 * - No authentication, TLS, compression, getMore, exhaust cursors or streaming hello.
 */

const OP_REPLY = 1;
const OP_QUERY = 2004;
const OP_MSG = 2013;

export interface RecordedCommand {
  name: string;
  db: string;
  body: Document;
}

type Reply = Document | ((body: Document) => Document);
type Fault = { code: number; codeName: string } | 'close';

export class FakeMongoServer {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly replies = new Map<string, Reply>();
  private readonly faults = new Map<string, { fault: Fault; times: number }>();
  private connectionId = 0;
  port = 0;
  readonly commands: RecordedCommand[] = [];

  async start(): Promise<this> {
    const server = createServer((socket) => this.serve(socket));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  url(): string {
    return `mongodb://127.0.0.1:${this.port}/?directConnection=true`;
  }

  /** Answers `command` with this document (merged over `{ ok: 1 }`), or what the function returns. */
  reply(command: string, reply: Reply): void {
    this.replies.set(command, reply);
  }

  /** The next `times` `command`s fail with this server error, or have their connection closed. */
  fail(command: string, fault: Fault, times = Infinity): void {
    this.faults.set(command, { fault, times });
  }

  heal(): void {
    this.faults.clear();
  }

  /** The commands sent so far other than the handshake, monitoring and session bookkeeping. */
  sent(): RecordedCommand[] {
    return this.commands.filter((c) => !['hello', 'ismaster', 'ping', 'endsessions'].includes(c.name.toLowerCase()));
  }

  /** Closes every connection and stops listening, as a server that went away. */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    const id = ++this.connectionId;
    let pending = Buffer.alloc(0);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 4 && pending.length >= pending.readInt32LE(0)) {
        const length = pending.readInt32LE(0);
        const message = pending.subarray(0, length);
        pending = pending.subarray(length);
        if (!this.answer(socket, message, id)) return;
      }
    });
  }

  /** Handles one message; false when the connection was closed on purpose. */
  private answer(socket: Socket, message: Buffer, connectionId: number): boolean {
    const requestId = message.readInt32LE(4);
    const opCode = message.readInt32LE(12);
    if (opCode === OP_QUERY) {
      // flags (4), then the collection name as a C string, then skip and limit (4 + 4), then the query.
      const nameEnd = message.indexOf(0, 20);
      const db = message.toString('utf8', 20, nameEnd).split('.')[0]!;
      const body = BSON.deserialize(message.subarray(nameEnd + 9));
      socket.write(opReply(requestId, this.run(db, body, connectionId) as Document));
      return true;
    }
    if (opCode !== OP_MSG) throw new Error(`fake mongo: opCode ${opCode} is not spoken here`);
    const body = opMsgBody(message);
    const result = this.run(String(body.$db), body, connectionId);
    if (result === 'close') {
      socket.destroy();
      return false;
    }
    socket.write(opMsg(requestId, result));
    return true;
  }

  private run(db: string, body: Document, connectionId: number): Document | 'close' {
    const name = Object.keys(body)[0]!;
    this.commands.push({ name, db, body });
    const fault = this.faults.get(name);
    if (fault && fault.times > 0) {
      fault.times--;
      if (fault.fault === 'close') return 'close';
      return {
        ok: 0,
        errmsg: `injected ${fault.fault.codeName}`,
        code: fault.fault.code,
        codeName: fault.fault.codeName,
      };
    }
    const scripted = this.replies.get(name);
    if (scripted) return { ok: 1, ...(typeof scripted === 'function' ? scripted(body) : scripted) };
    return this.defaultReply(name, db, body, connectionId);
  }

  private defaultReply(name: string, db: string, body: Document, connectionId: number): Document {
    const me = `127.0.0.1:${this.port}`;
    const cursor = (firstBatch: Document[]) => ({
      cursor: { id: 0n, ns: `${db}.${String(body[name])}`, firstBatch },
      ok: 1,
    });
    switch (name.toLowerCase()) {
      case 'hello':
      case 'ismaster':
        return {
          helloOk: true,
          isWritablePrimary: true,
          ismaster: true,
          setName: 'rs0',
          setVersion: 1,
          hosts: [me],
          primary: me,
          me,
          maxBsonObjectSize: 16 * 1024 * 1024,
          maxMessageSizeBytes: 48_000_000,
          maxWriteBatchSize: 100_000,
          localTime: new Date(),
          logicalSessionTimeoutMinutes: 30,
          connectionId,
          minWireVersion: 0,
          maxWireVersion: 21,
          readOnly: false,
          ok: 1,
        };
      case 'find':
      case 'aggregate':
        return cursor([]);
      case 'listcollections':
        // Every collection asked for exists.
        return cursor(
          body.filter?.name
            ? [{ name: body.filter.name, type: 'collection', options: {}, info: { readOnly: false } }]
            : [],
        );
      case 'insert':
        return { n: (body.documents as unknown[]).length, ok: 1 };
      case 'update':
        return { n: (body.updates as unknown[]).length, nModified: (body.updates as unknown[]).length, ok: 1 };
      case 'delete':
        return { n: (body.deletes as unknown[]).length, ok: 1 };
      case 'findandmodify':
        return { value: null, lastErrorObject: { n: 0, updatedExisting: false }, ok: 1 };
      case 'count':
        return { n: 0, ok: 1 };
      default:
        return { ok: 1 };
    }
  }
}

function opMsgBody(message: Buffer): Document {
  const flags = message.readUInt32LE(16);
  const end = flags & 1 ? message.length - 4 : message.length; // checksumPresent
  let body: Document = {};
  for (let i = 20; i < end;) {
    const kind = message[i++];
    const size = message.readInt32LE(i);
    if (kind === 0) {
      body = { ...BSON.deserialize(message.subarray(i, i + size)), ...body };
    } else {
      // A document sequence: its identifier names the array the documents belong to.
      const idEnd = message.indexOf(0, i + 4);
      const identifier = message.toString('utf8', i + 4, idEnd);
      const docs: Document[] = [];
      for (let j = idEnd + 1; j < i + size; j += message.readInt32LE(j))
        docs.push(BSON.deserialize(message.subarray(j, j + message.readInt32LE(j))));
      body[identifier] = docs;
    }
    i += size;
  }
  return body;
}

function header(length: number, responseTo: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(0, 4);
  h.writeInt32LE(responseTo, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

function opMsg(responseTo: number, doc: Document): Buffer {
  const bson = BSON.serialize(doc);
  const flagsAndKind = Buffer.from([0, 0, 0, 0, 0]);
  return Buffer.concat([header(16 + flagsAndKind.length + bson.length, responseTo, OP_MSG), flagsAndKind, bson]);
}

function opReply(responseTo: number, doc: Document): Buffer {
  const bson = BSON.serialize(doc);
  const fields = Buffer.alloc(20); // responseFlags, cursorID (8), startingFrom, numberReturned
  fields.writeInt32LE(1, 16);
  return Buffer.concat([header(16 + 20 + bson.length, responseTo, OP_REPLY), fields, bson]);
}
