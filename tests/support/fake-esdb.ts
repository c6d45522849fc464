import { randomUUID } from 'node:crypto';
import grpc from '@grpc/grpc-js';
import anyPb from 'google-protobuf/google/protobuf/any_pb.js';
import streamsGrpc from '@eventstore/db-client/generated/streams_grpc_pb.js';
import featuresGrpc from '@eventstore/db-client/generated/serverfeatures_grpc_pb.js';
import streamsPb from '@eventstore/db-client/generated/streams_pb.js';
import sharedPb from '@eventstore/db-client/generated/shared_pb.js';
import featuresPb from '@eventstore/db-client/generated/serverfeatures_pb.js';
import statusPb from '@eventstore/db-client/generated/status_pb.js';
import type { BatchAppendReq, BatchAppendResp, ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb.js';

/*
 * A fake EventStoreDB node: a gRPC server on 127.0.0.1 built from the service definitions and
 * messages that @eventstore/db-client generated from the server's .proto files, so the real client
 * (and EsdbEventStore above it) talks to it exactly as to a server. It implements only what the
 * adapter calls: ServerFeatures.GetSupportedMethods, Streams.Read (stream and $all reads, $all
 * subscriptions) and Streams.BatchAppend (the append path the client takes when the server lists it).
 *
 * Knobs inject the faults a real node shows: a server-features call that never answers, a read that
 * stops sending mid-way, reads that trickle, an append committed but never answered, subscriptions
 * ended by the server.
 *
 * What it does NOT prove:
 * - It has no system events, no $all filter, no links, no ACLs, no deletes, no cluster or gossip.
 * - Its positions are invented offsets; only their order matches a server's.
 * - The idempotent answer to a repeated append (same ids after the expected revision) follows the
 *   server's documented check (IndexWriter.CheckCommit), re-implemented here: the tests prove the
 *   adapter retries with the same ids and expected revision, not that a real node deduplicates.
 *   With 'any' or 'stream_exists' this fake never deduplicates (a server does, from a bounded cache).
 * - Timing, flow control and HTTP/2 behaviour are grpc-js's on both ends, not a real node's.
 */

interface Stored {
  streamId: string;
  revision: bigint;
  id: string;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
  position: bigint;
}

export interface RecordedAppend {
  streamId: string;
  expected: bigint | 'no_stream' | 'any' | 'stream_exists';
  ids: string[];
  answered: boolean;
}

type From = 'start' | 'end' | bigint;

const { ReadResp: ReadRespMsg, BatchAppendResp: BatchAppendRespMsg } = streamsPb;
const FORWARDS = streamsPb.ReadReq.Options.ReadDirection.FORWARDS;
/** google.rpc.Code FAILED_PRECONDITION, what a node sends with WrongExpectedVersion details. */
const FAILED_PRECONDITION = 9;
/** gRPC nodes send `created` in 100 ns ticks since the Unix epoch. */
const TICKS_PER_MS = 10_000n;

const text = (bytes: Uint8Array | string) => (typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8'));
const uuid = (id: string) => new sharedPb.UUID().setString(id);
const streamIdentifier = (name: string) => new sharedPb.StreamIdentifier().setStreamName(Buffer.from(name, 'utf8'));

export class FakeEventStoreDb {
  private readonly server = new grpc.Server();
  private readonly log: Stored[] = [];
  private nextPosition = 4096n;
  private readonly live = new Set<grpc.ServerWritableStream<ReadReq, ReadResp>>();
  port = 0;

  // Knobs.
  /** The next n server-features calls never answer. */
  stallServerFeatures = 0;
  /** Reads (not subscriptions) send this many events, then nothing more, never ending. */
  stallReadsAfter: number | undefined;
  /** Delay before each event a read sends, in ms. */
  readEventDelayMs = 0;
  private readonly lostAnswers: { count: number; stream: RegExp }[] = [];

  // What the clients asked.
  readonly appends: RecordedAppend[] = [];
  readonly subscriptions: From[] = [];
  serverFeatureCalls = 0;

  async start(): Promise<this> {
    this.server.addService(featuresGrpc.ServerFeaturesService, {
      getSupportedMethods: (
        _call: unknown,
        answer: grpc.sendUnaryData<InstanceType<typeof featuresPb.SupportedMethods>>,
      ) => {
        this.serverFeatureCalls++;
        if (this.stallServerFeatures > 0) {
          this.stallServerFeatures--;
          return;
        }
        const methods = ['Read', 'BatchAppend'].map((m) =>
          new featuresPb.SupportedMethod()
            .setServiceName('event_store.client.streams.Streams')
            .setMethodName(m.toLowerCase()),
        );
        answer(null, new featuresPb.SupportedMethods().setMethodsList(methods).setEventStoreServerVersion('24.10.0'));
      },
    });
    this.server.addService(streamsGrpc.StreamsService, {
      read: (call: grpc.ServerWritableStream<ReadReq, ReadResp>) => void this.read(call),
      batchAppend: (call: grpc.ServerDuplexStream<BatchAppendReq, BatchAppendResp>) => this.batchAppend(call),
    });
    this.port = await new Promise<number>((resolve, reject) =>
      this.server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, port) =>
        err ? reject(err) : resolve(port),
      ),
    );
    return this;
  }

  url(scheme = 'esdb'): string {
    return `${scheme}://127.0.0.1:${this.port}?tls=false`;
  }

  /** The next `count` appends to a stream matching `stream` are committed, and their answer is never sent. */
  loseAppendAnswers(count: number, stream = /(?:)/): void {
    this.lostAnswers.push({ count, stream });
  }

  /** The server ends every live subscription call with status OK, as a node does when it shuts a subscription. */
  endSubscriptions(): void {
    for (const call of this.live) call.end();
    this.live.clear();
  }

  /** Events of one stream, as stored. */
  stream(streamId: string): { id: string; revision: bigint }[] {
    return this.log.filter((e) => e.streamId === streamId).map(({ id, revision }) => ({ id, revision }));
  }

  async stop(): Promise<void> {
    this.server.forceShutdown();
  }

  private async read(call: grpc.ServerWritableStream<ReadReq, ReadResp>): Promise<void> {
    const options = call.request.getOptions()!;
    if (options.hasSubscription()) return this.subscribe(call, options);
    const forwards = options.getReadDirection() === FORWARDS;
    const count = Number(options.getCount());
    let events: Stored[];
    if (options.hasStream()) {
      const o = options.getStream()!;
      const name = text(o.getStreamIdentifier()!.getStreamName());
      const stream = this.log.filter((e) => e.streamId === name);
      if (stream.length === 0) {
        call.write(
          new ReadRespMsg().setStreamNotFound(
            new ReadRespMsg.StreamNotFound().setStreamIdentifier(streamIdentifier(name)),
          ),
        );
        call.end();
        return;
      }
      const from = o.hasStart() ? 0n : o.hasEnd() ? stream.at(-1)!.revision : BigInt(o.getRevision());
      events = forwards ? stream.filter((e) => e.revision >= from) : stream.filter((e) => e.revision <= from).reverse();
    } else {
      const o = options.getAll()!;
      const from: From = o.hasStart() ? 'start' : o.hasEnd() ? 'end' : BigInt(o.getPosition()!.getCommitPosition());
      // A read starts AT a position going forwards, and before it going backwards.
      if (forwards) events = from === 'end' ? [] : this.log.filter((e) => from === 'start' || e.position >= from);
      else events = from === 'start' ? [] : this.log.filter((e) => from === 'end' || e.position < from).reverse();
    }
    events = events.slice(0, count);
    for (let i = 0; i < events.length; i++) {
      if (i === this.stallReadsAfter) return; // Stalled: the call stays open and silent.
      if (this.readEventDelayMs > 0) await new Promise((r) => setTimeout(r, this.readEventDelayMs));
      if (call.cancelled) return;
      call.write(eventMessage(events[i]!));
    }
    call.end();
  }

  private subscribe(
    call: grpc.ServerWritableStream<ReadReq, ReadResp>,
    options: InstanceType<typeof streamsPb.ReadReq.Options>,
  ): void {
    const o = options.getAll()!;
    const from: From = o.hasStart() ? 'start' : o.hasEnd() ? 'end' : BigInt(o.getPosition()!.getCommitPosition());
    this.subscriptions.push(from);
    call.write(
      new ReadRespMsg().setConfirmation(new ReadRespMsg.SubscriptionConfirmation().setSubscriptionId(randomUUID())),
    );
    // A subscription from a position starts AFTER it.
    const past = from === 'end' ? [] : this.log.filter((e) => from === 'start' || e.position > from);
    for (const e of past) call.write(eventMessage(e));
    this.live.add(call);
    call.on('cancelled', () => this.live.delete(call));
  }

  private batchAppend(call: grpc.ServerDuplexStream<BatchAppendReq, BatchAppendResp>): void {
    const open = new Map<
      string,
      {
        options: InstanceType<typeof streamsPb.BatchAppendReq.Options>;
        messages: InstanceType<typeof streamsPb.BatchAppendReq.ProposedMessage>[];
      }
    >();
    call.on('data', (req: BatchAppendReq) => {
      const correlation = req.getCorrelationId()!.getString();
      let batch = open.get(correlation);
      if (!batch) open.set(correlation, (batch = { options: req.getOptions()!, messages: [] }));
      batch.messages.push(...req.getProposedMessagesList());
      if (!req.getIsFinal()) return;
      open.delete(correlation);
      const answer = this.commit(batch.options, batch.messages).setCorrelationId(uuid(correlation));
      const record = this.appends.at(-1)!;
      const lose = this.lostAnswers.find((rule) => rule.count > 0 && rule.stream.test(record.streamId));
      if (lose) {
        lose.count--;
        return;
      }
      record.answered = true;
      call.write(answer);
    });
    call.on('end', () => call.end());
  }

  /** Decides an append as a node does: expected revision, then the idempotence check, then write. */
  private commit(
    options: InstanceType<typeof streamsPb.BatchAppendReq.Options>,
    messages: InstanceType<typeof streamsPb.BatchAppendReq.ProposedMessage>[],
  ): BatchAppendResp {
    const streamId = text(options.getStreamIdentifier()!.getStreamName());
    const expected: RecordedAppend['expected'] = options.hasStreamPosition()
      ? BigInt(options.getStreamPosition())
      : options.hasNoStream()
        ? 'no_stream'
        : options.hasStreamExists()
          ? 'stream_exists'
          : 'any';
    const ids = messages.map((m) => m.getId()!.getString());
    this.appends.push({ streamId, expected, ids, answered: false });
    const stream = this.log.filter((e) => e.streamId === streamId);
    const current = stream.length === 0 ? -1n : stream.at(-1)!.revision;
    const resp = new BatchAppendRespMsg().setStreamIdentifier(streamIdentifier(streamId));
    const success = (last: Stored) =>
      resp.setSuccess(
        new BatchAppendRespMsg.Success()
          .setCurrentRevision(String(last.revision))
          .setPosition(
            new sharedPb.AllStreamPosition()
              .setCommitPosition(String(last.position))
              .setPreparePosition(String(last.position)),
          ),
      );

    const exact = expected === 'no_stream' ? -1n : typeof expected === 'bigint' ? expected : undefined;
    if (exact !== undefined && exact < current) {
      // Already written? The events after the expected revision carry these ids: answer as the first time.
      const after = stream.filter((e) => e.revision > exact).slice(0, ids.length);
      if (after.length === ids.length && after.every((e, i) => e.id === ids[i])) return success(after.at(-1)!);
    }
    if ((exact !== undefined && exact !== current) || (expected === 'stream_exists' && current < 0n)) {
      const details = new sharedPb.WrongExpectedVersion();
      if (current >= 0n) details.setCurrentStreamRevision(String(current));
      if (typeof expected === 'bigint') details.setExpectedStreamPosition(String(expected));
      const packed = new anyPb.Any();
      packed.pack(details.serializeBinary(), 'event_store.client.WrongExpectedVersion');
      return resp.setError(
        new statusPb.Status().setCode(FAILED_PRECONDITION).setMessage('WrongExpectedVersion').setDetails(packed),
      );
    }
    let last: Stored | undefined;
    messages.forEach((m, i) => {
      const metadata = m.getMetadataMap();
      last = {
        streamId,
        revision: current + 1n + BigInt(i),
        id: ids[i]!,
        type: metadata.get('type') ?? '',
        contentType: metadata.get('content-type') ?? 'application/octet-stream',
        data: m.getData_asU8(),
        metadata: m.getCustomMetadata_asU8(),
        position: this.nextPosition,
      };
      // Positions are log offsets: increasing, not consecutive.
      this.nextPosition += 137n + BigInt(last.data.length);
      this.log.push(last);
      for (const call of this.live) call.write(eventMessage(last));
    });
    return success(last!);
  }
}

function eventMessage(e: Stored): ReadResp {
  const recorded = new ReadRespMsg.ReadEvent.RecordedEvent()
    .setId(uuid(e.id))
    .setStreamIdentifier(streamIdentifier(e.streamId))
    .setStreamRevision(String(e.revision))
    .setCommitPosition(String(e.position))
    .setPreparePosition(String(e.position))
    .setData(e.data)
    .setCustomMetadata(e.metadata);
  const metadata = recorded.getMetadataMap();
  metadata.set('type', e.type);
  metadata.set('content-type', e.contentType);
  metadata.set('created', String(BigInt(Date.now()) * TICKS_PER_MS));
  return new ReadRespMsg().setEvent(
    new ReadRespMsg.ReadEvent().setEvent(recorded).setCommitPosition(String(e.position)),
  );
}
