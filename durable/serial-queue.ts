/**
 * Runs operations one at a time. A Durable Object's input gate opens at every D1 await, so without
 * this two read-compute-write operations of one company could interleave.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.tail.then(operation, operation);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
