/**
 * One member's days, in time order: what happens at an instant may put more on the agenda (a treatment recorded today
 * is processed by tonight's run; an award's lot is checked on the night after it expires). Actions at the same instant
 * run in the order they were added.
 */
export class Agenda {
  private readonly items: { at: string; order: number; run: (at: string) => void }[] = [];
  private added = 0;

  constructor(private readonly until: string) {}

  /** Adds an action at an ISO instant; one after `until` (the seed's present) never happens. */
  add(at: string, run: (at: string) => void): void {
    if (at > this.until) return;
    const item = { at, order: this.added++, run };
    // Binary search for the first item after this one: agendas are short, inserts few.
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.items[mid].at <= at) lo = mid + 1;
      else hi = mid;
    }
    this.items.splice(lo, 0, item);
  }

  /** Runs every action in time order, including the ones added while running. */
  runAll(): void {
    while (this.items.length) {
      const next = this.items.shift()!;
      next.run(next.at);
    }
  }
}
