import type { FastifyBaseLogger } from 'fastify';

/**
 * The loop of a database-backed job worker (the export engine, the supplier batch tasks): poll
 * every `pollMs`, at each poll `beforePoll` (sweeps), then claim and run tasks until none is
 * waiting. Claiming is the subclass's: a conditional UPDATE (SKIP LOCKED on PostgreSQL) so that
 * of several processes on one database only one takes a task.
 */
export abstract class PollingWorker<Task> {
  private running = false;
  /** True while `stop` waits for the task being run: `run` may give it back. */
  protected stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;

  protected constructor(
    private readonly name: string,
    protected readonly pollMs: number,
    protected readonly logger: FastifyBaseLogger | undefined,
  ) {}

  /** The oldest waiting task, now this process's; undefined when none waits. */
  abstract claim(): Promise<Task | undefined>;
  abstract run(task: Task): Promise<void>;
  /** Work before each poll's claims (failing tasks whose process died). */
  protected async beforePoll(): Promise<void> {}

  /** Starts polling (buildApp does, unless told not to). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops polling; resolves when the task being run (if any) has ended. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.loop) {
      this.stopping = true;
      await this.loop;
      this.stopping = false;
    }
  }

  /** Runs the loop now instead of at the next poll (a task was just queued here). */
  wake(): void {
    if (!this.running || this.loop) return;
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.loop = this.tick().finally(() => {
        this.loop = undefined;
        if (this.running) this.schedule(this.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      await this.beforePoll();
      while (this.running && (await this.runOnce()));
    } catch (err) {
      this.logger?.error({ err }, `${this.name}: poll failed`);
    }
  }

  /** Claims one waiting task and runs it; false when none was waiting. */
  async runOnce(): Promise<boolean> {
    const task = await this.claim();
    if (!task) return false;
    await this.run(task);
    return true;
  }

  /** Runs waiting tasks until none is left (tests); how many were claimed. */
  async drain(): Promise<number> {
    let n = 0;
    while (await this.runOnce()) n += 1;
    return n;
  }
}
