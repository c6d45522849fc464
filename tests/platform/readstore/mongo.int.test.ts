import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import type { StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoReadStore } from '../../../platform/readstore/mongo.js';
import { ReadStoreUnavailableError } from '../../../platform/readstore/port.js';
import { describeReadStoreContract } from './readstore.contract.js';

/**
 * Runs the contract against MONGODB_URL (a replica set, e.g. the one docker-compose.yml starts,
 * so writes run in transactions), or else against a throw-away `mongo:7` replica set started with
 * testcontainers when a container runtime answers. Without either, the contract is reported as
 * skipped, loudly.
 */

/** Looks for a container runtime socket without waiting on anything: no socket, no runtime. */
function runtimeSocketExists(): boolean {
  if (process.env.DOCKER_HOST) return true;
  const props = join(homedir(), '.testcontainers.properties');
  if (existsSync(props) && /docker\.host\s*=/.test(readFileSync(props, 'utf8'))) return true;
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  const sockets = [
    '/var/run/docker.sock',
    '/run/podman/podman.sock',
    join(homedir(), '.docker/run/docker.sock'),
    join(homedir(), '.docker/desktop/docker.sock'),
    ...(runtimeDir ? [join(runtimeDir, 'docker.sock'), join(runtimeDir, 'podman/podman.sock')] : []),
  ];
  return sockets.some((s) => existsSync(s));
}

async function containerRuntimeAnswers(): Promise<boolean> {
  if (!runtimeSocketExists()) return false;
  const { getContainerRuntimeClient } = await import('testcontainers');
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000).unref());
  return Promise.race([
    getContainerRuntimeClient().then(
      () => true,
      () => false,
    ),
    timeout,
  ]);
}

const envUrl = process.env.MONGODB_URL;
const mode: 'url' | 'container' | 'none' = envUrl ? 'url' : (await containerRuntimeAnswers()) ? 'container' : 'none';
if (mode === 'none') console.log('[mongo contract] SKIPPED: no MONGODB_URL and no container runtime');

let url = envUrl ?? '';
let container: StartedTestContainer | undefined;
const databases: string[] = [];

async function startReplicaSet(): Promise<string> {
  const { GenericContainer, Wait } = await import('testcontainers');
  container = await new GenericContainer('mongo:7')
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .start();
  await container.exec([
    'mongosh',
    '--quiet',
    '--eval',
    "rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: 'localhost:27017' }] })",
  ]);
  const started = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
  const client = new MongoClient(started, { serverSelectionTimeoutMS: 3000 });
  try {
    for (let i = 0; i < 60; i++) {
      const hello = await client.db('admin').command({ hello: 1 });
      if (hello.isWritablePrimary) return started;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('mongo:7 replica set did not elect a primary');
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  if (mode === 'container') url = await startReplicaSet();
}, 180_000);

afterAll(async () => {
  if (mode !== 'none' && databases.length > 0) {
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 3000 });
    try {
      for (const db of databases) await client.db(db).dropDatabase();
    } finally {
      await client.close();
    }
  }
  await container?.stop();
}, 60_000);

describeReadStoreContract(
  'mongo',
  async () => {
    const db = `readstore_contract_${process.pid}_${databases.length}`;
    databases.push(db);
    return MongoReadStore.connect(url, db);
  },
  { skip: mode === 'none' },
);

describe.skipIf(mode === 'none')('mongo read store indexes on a real server', () => {
  it('given indexes ensured on a shadow collection, when it is swapped in, then the live collection has them and the tracker query uses one', async () => {
    const db = `readstore_indexes_${process.pid}`;
    databases.push(db);
    const store = await MongoReadStore.connect(url, db);
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 3000 });
    try {
      const docs = Array.from({ length: 50 }, (_, i) => ({ status: i % 2 ? 'pending' : 'completed', seq: i }));
      await store.write(
        docs.map((doc, i) => ({
          kind: 'put' as const,
          collection: 'rows__rebuild',
          id: `r${i}`,
          doc,
          position: BigInt(i + 1),
        })),
      );
      await store.ensureIndexes('rows__rebuild', [[{ field: 'status' }, { field: 'seq', direction: 'desc' }]]);
      await store.swap([['rows', 'rows__rebuild']], 'rows', 'rows__rebuild', 50n);

      const keys = (await client.db(db).collection('rows').listIndexes().toArray()).map(
        (i) => i.key as Record<string, number>,
      );
      expect(keys).toContainEqual({ 'doc.status': 1, 'doc.seq': -1, _id: 1 });
      const plan = await client
        .db(db)
        .collection('rows')
        .find({ $and: [{ doc: { $ne: null } }, { 'doc.status': 'pending' }] })
        .sort({ 'doc.seq': -1, _id: 1 })
        .limit(10)
        .explain();
      expect(JSON.stringify(plan.queryPlanner.winningPlan)).toContain('IXSCAN');
      expect(JSON.stringify(plan.queryPlanner.winningPlan)).not.toContain('"SORT"');
    } finally {
      await client.close();
      await store.close();
    }
  });
});

describe('mongo read store without a server', () => {
  it('fails within seconds with ReadStoreUnavailableError', async () => {
    const started = Date.now();
    const err = await MongoReadStore.connect('mongodb://127.0.0.1:9/?directConnection=true', 'nothing', {
      timeoutMs: 500,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ReadStoreUnavailableError);
    expect((err as Error).message).not.toMatch(/password/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
