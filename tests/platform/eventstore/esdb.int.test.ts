import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { EsdbEventStore } from '../../../platform/eventstore/esdb.js';
import { describeEventStoreContract } from './eventstore.contract.js';

/*
 * Runs the contract against EventStoreDB/KurrentDB: the server at EVENTSTORE_URL when set, otherwise
 * a throw-away container when a container runtime answers. With neither, the suite is reported as
 * skipped (never as passed), with the reason.
 */

const IMAGE = process.env.EVENTSTORE_IMAGE ?? 'eventstore/eventstore:24.10';

/** Asks a Docker-compatible engine on a unix socket for `/_ping`, giving up after 1 s. */
const pingSocket = (socketPath: string): Promise<boolean> =>
  new Promise((resolve) => {
    const req = request({ socketPath, path: '/_ping', timeout: 1000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });

/** A reason the container runtime is unusable, or undefined when it answers. */
async function containerRuntimeProblem(): Promise<string | undefined> {
  // A remote or custom engine: testcontainers reads DOCKER_HOST itself; trust it.
  if (process.env.DOCKER_HOST) return undefined;
  const runtimeDir = process.env.XDG_RUNTIME_DIR;
  const sockets = [
    '/var/run/docker.sock',
    join(homedir(), '.docker', 'run', 'docker.sock'),
    ...(runtimeDir ? [join(runtimeDir, 'docker.sock'), join(runtimeDir, 'podman', 'podman.sock')] : []),
  ].filter((s) => existsSync(s));
  if (sockets.length === 0) return 'no DOCKER_HOST and no docker socket';
  for (const socket of sockets) if (await pingSocket(socket)) return undefined;
  return `docker socket ${sockets.join(', ')} does not answer`;
}

const url = process.env.EVENTSTORE_URL;
const problem = url ? undefined : await containerRuntimeProblem();

if (problem) {
  console.warn(`[esdb contract] SKIPPED: no EVENTSTORE_URL and no container runtime (${problem})`);
  describe.skip('EventStore contract: esdb (no EVENTSTORE_URL and no container runtime)', () => {
    it.skip('runs the EventStore contract against EventStoreDB', () => {});
  });
} else {
  let stopContainer: (() => Promise<unknown>) | undefined;
  let serverUrl: Promise<string> | undefined;

  const startServer = async (): Promise<string> => {
    if (url) return url;
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer(IMAGE)
      .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_MEM_DB: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forListeningPorts())
      .withStartupTimeout(120_000)
      .start();
    stopContainer = () => container.stop();
    return `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  };

  /** The port opens before the node is leader and serving; wait until a real read succeeds. */
  const whenServing = async (store: EsdbEventStore): Promise<void> => {
    const deadline = Date.now() + 45_000;
    for (;;) {
      try {
        await store.headPosition();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  };

  afterAll(async () => {
    await stopContainer?.();
  });

  describeEventStoreContract(
    'esdb',
    async () => {
      serverUrl ??= startServer();
      const store = new EsdbEventStore(await serverUrl);
      await whenServing(store);
      return { store, cleanup: () => store.close() };
    },
    // One server for the whole suite: tests use fresh stream names and read the feed from the head.
    { sharedStore: true },
  );
}
