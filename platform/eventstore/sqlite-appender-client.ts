import type { Worker } from 'node:worker_threads';
import { siblingModule, startWorker } from '../worker.js';
import type { WireAppend, WireOutcome } from './sqlite-appender.js';
import type { AppenderAnswer, AppenderRequest } from './sqlite-appender-thread.js';

const ENTRY = siblingModule(import.meta.url, 'sqlite-appender-thread');

interface Waiting {
  resolve(outcomes: WireOutcome[]): void;
  reject(error: Error): void;
}

/**
 * The API thread's side of the writer thread: `write` sends one batch and resolves with its
 * outcomes once committed (on disk). A thread that ends unexpectedly fails what it had been given
 * (it may or may not have committed it) and the next write starts a new one.
 */
export class AppenderThread {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly file: string) {}

  write(batch: WireAppend[]): Promise<WireOutcome[]> {
    return this.send({ seq: ++this.seq, batch }) as Promise<WireOutcome[]>;
  }

  async close(): Promise<void> {
    if (!this.worker) return;
    const worker = this.worker;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    await this.send({ seq: ++this.seq, close: true });
    // Held until it has ended, or a process with nothing else to do would end first.
    worker.ref();
    await exited;
  }

  private send(request: AppenderRequest): Promise<unknown> {
    const worker = (this.worker ??= this.start());
    // Held while it has work: a pending write keeps the process alive, an idle store does not.
    worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(request.seq, { resolve: resolve as Waiting['resolve'], reject });
      worker.postMessage(request);
    });
  }

  private start(): Worker {
    const worker = startWorker(ENTRY, { file: this.file });
    worker.on('message', (answer: AppenderAnswer) => {
      const waiting = this.waiting.get(answer.seq);
      if (!waiting) return;
      this.waiting.delete(answer.seq);
      if (this.waiting.size === 0) worker.unref();
      if ('outcomes' in answer) waiting.resolve(answer.outcomes);
      else if ('failed' in answer) waiting.reject(new Error(answer.failed));
      else waiting.resolve([]);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    };
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => fail(new Error(`the event store's writer thread ended (code ${code})`)));
    return worker;
  }
}
