/**
 * Group commit: requests that arrive close together share one write. The first request of a
 * group opens a short window; the group is written when the window closes or it holds `maxItems`
 * items, whichever comes first, and while one group is being written the next one gathers. Each
 * request's promise settles only when its group's write did: resolved with its own answer once
 * the write succeeded, rejected with the write's error otherwise, so nothing is acknowledged
 * before it is stored.
 */
export interface GroupCommitOptions<Item, Answer> {
  /** How long the first request of a group waits for others, ms. */
  windowMs: number;
  /** A group this large is written at once. */
  maxItems: number;
  /** Writes every request of the group (in arrival order), returning each one's answer. */
  write(requests: ReadonlyArray<readonly Item[]>): Promise<Answer[]>;
}

interface Waiting<Item, Answer> {
  items: readonly Item[];
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

export class GroupCommit<Item, Answer> {
  private readonly options: GroupCommitOptions<Item, Answer>;
  private gathering: Array<Waiting<Item, Answer>> = [];
  private gatheredItems = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Groups written so far (each one write): what shows requests shared them. */
  writes = 0;

  constructor(options: GroupCommitOptions<Item, Answer>) {
    this.options = options;
  }

  submit(items: readonly Item[]): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.gathering.push({ items, resolve, reject });
      this.gatheredItems += items.length;
      if (this.gatheredItems >= this.options.maxItems) this.close();
      else this.timer ??= setTimeout(() => this.close(), this.options.windowMs);
    });
  }

  /** Writes whatever is gathered now, without waiting for the window; resolves when all is written. */
  async flush(): Promise<void> {
    if (this.gathering.length > 0) this.close();
    await this.writing;
  }

  /** Ends the gathering group and queues its write after the one under way (one write at a time). */
  private close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const group = this.gathering;
    this.gathering = [];
    this.gatheredItems = 0;
    this.writing = this.writing.then(() => this.write(group));
  }

  private async write(group: ReadonlyArray<Waiting<Item, Answer>>): Promise<void> {
    this.writes += 1;
    try {
      const answers = await this.options.write(group.map((request) => request.items));
      group.forEach((request, index) => request.resolve(answers[index] as Answer));
    } catch (error) {
      for (const request of group) request.reject(error);
    }
  }
}
