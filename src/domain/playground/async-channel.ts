/**
 * A queue between a callback producer and an async-iterating consumer: `push` never waits, `next`
 * waits for an item or the close. It lets the HTTP client's callbacks (each streamed piece of text)
 * be handed on one at a time by an async generator.
 */
export class AsyncChannel<T> {
  private readonly items: T[] = [];
  private closed = false;
  private waiting: (() => void) | null = null;

  push(item: T): void {
    if (this.closed) return;
    this.items.push(item);
    this.wake();
  }

  close(): void {
    this.closed = true;
    this.wake();
  }

  /** The next item, or null once closed and drained. */
  async next(): Promise<T | null> {
    while (this.items.length === 0 && !this.closed) await new Promise<void>((resolve) => (this.waiting = resolve));
    return this.items.length > 0 ? this.items.shift()! : null;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }
}
