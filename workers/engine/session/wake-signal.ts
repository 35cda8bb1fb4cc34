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
