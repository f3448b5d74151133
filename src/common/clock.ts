/** The time, as one injectable: tests move it (for example past a 24-hour window) without waiting. */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Tests only: shifts this clock (not the process's) forward by `ms`. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
