/** Thrown by the gate when its queue is full: the page answers 503 with Retry-After. */
export class RendersBusyError extends Error {
  constructor() {
    super('Too many pages are being rendered at once.');
    this.name = 'RendersBusyError';
  }
}

export interface RenderGateOptions {
  /** Renders under way at once (default 2: a render is CPU work on the one JavaScript thread). */
  concurrent?: number;
  /** Renders that may wait for a place (default 8: a few hundred milliseconds each); past that, refused. */
  queue?: number;
}

/**
 * Bounds the server renders under way, so that pages nobody has asked for yet cannot take the
 * process from everything else (`/health`, the API, pages already kept): a few run, a few more
 * wait their turn in order, the rest are refused at once rather than queued without end.
 */
export class RenderGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly concurrent: number;
  private readonly queue: number;

  constructor(options: RenderGateOptions = {}) {
    this.concurrent = options.concurrent ?? 2;
    this.queue = options.queue ?? 8;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrent) {
      if (this.waiting.length >= this.queue) throw new RendersBusyError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    try {
      return await work();
    } finally {
      // The place passes straight to the next in line, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
