/**
 * A queue that runs at most `concurrency` tasks at a time, the rest waiting their turn in the order they came: for
 * work that would otherwise take every core at once (decoding review photos, decision 048).
 */
export interface WorkQueue {
  /** Runs `task` once its turn comes; answers (or throws) what the task does. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now, and waiting for their turn. */
  readonly running: number;
  readonly waiting: number;
}

export function createWorkQueue(concurrency = 1): WorkQueue {
  let running = 0;
  const turns: (() => void)[] = [];
  return {
    get running() {
      return running;
    },
    get waiting() {
      return turns.length;
    },
    async run(task) {
      if (running < concurrency) running += 1;
      // A finished task hands its place straight to the next, so the running count never drops in between.
      else await new Promise<void>((resolve) => turns.push(resolve));
      try {
        return await task();
      } finally {
        const next = turns.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
