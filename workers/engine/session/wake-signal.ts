/** A loop parks on wait() until something worth re-checking happens (wake()). */
export class WakeSignal {
  private resolvers: Array<() => void> = [];

  wait(): Promise<void> {
    return new Promise((resolve) => this.resolvers.push(resolve));
  }

  wake(): void {
    for (const resolve of this.resolvers.splice(0)) resolve();
  }
}

/** A promise and the function that resolves it: a loop's interruption, renewed after each. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
