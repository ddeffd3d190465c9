import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue.ts';

/** A task the test finishes by hand, recording when it started. */
function controlledTask(log: string[], name: string) {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const task = () => {
    log.push(`start ${name}`);
    return new Promise<string>((resolve, reject) => {
      finish = (value) => {
        log.push(`end ${name}`);
        resolve(value);
      };
      fail = reject;
    });
  };
  return { task, finish: (value = name) => finish(value), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkQueue', () => {
  it('runs one task at a time, in the order they came, each answering its own result', async () => {
    const queue = createWorkQueue(1);
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => controlledTask(log, name));
    const results = [a, b, c].map((each) => queue.run(each!.task));
    await settle();
    expect(log).toEqual(['start a']);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 1, waiting: 2 });
    a!.finish();
    await settle();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b!.finish();
    await settle();
    c!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('lets the next task start when one fails, and hands the failure to its caller only', async () => {
    const queue = createWorkQueue(1);
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => controlledTask(log, name));
    const first = queue.run(a!.task);
    const second = queue.run(b!.task);
    await settle();
    a!.fail(new Error('corrupt photo'));
    await expect(first).rejects.toThrow('corrupt photo');
    await settle();
    b!.finish();
    expect(await second).toBe('b');
  });

  it('runs up to its concurrency at once', async () => {
    const queue = createWorkQueue(2);
    const log: string[] = [];
    const tasks = ['a', 'b', 'c'].map((name) => controlledTask(log, name));
    const results = tasks.map((each) => queue.run(each.task));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    tasks[1]!.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    tasks[0]!.finish();
    tasks[2]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
  });
});
