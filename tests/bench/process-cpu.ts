import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU seconds a process or thread has used, from its /proc stat line: utime and stime, the 14th and 15th fields
 * (counted after the command name, which may hold spaces).
 */
export function cpuSecondsOfStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The pids of the machine's processes, from /proc. */
export const processIds = (): string[] => readdirSync('/proc').filter((d) => /^\d+$/.test(d));

/** Each PostgreSQL process's CPU seconds so far, by pid. */
export function postgresCpuByPid(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of processIds()) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) byPid.set(pid, cpuSecondsOfStat(stat));
    } catch {
      // The process ended while it was being read.
    }
  }
  return byPid;
}

/**
 * PostgreSQL's CPU over a phase, sampled every second by process: a backend that ends during the phase (a pool closes
 * idle connections) takes its figure out of /proc, so a sum at both ends could even come out negative. Each process
 * counts from its first sample in the phase (zero if it started during it) to its last.
 */
export function postgresCpuMeter(): { stop: () => number } {
  const first = postgresCpuByPid();
  const last = new Map(first);
  const sample = () => {
    for (const [pid, seconds] of postgresCpuByPid()) {
      if (!first.has(pid)) first.set(pid, 0);
      last.set(pid, seconds);
    }
  };
  const timer = setInterval(sample, 1_000);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      let total = 0;
      for (const [pid, seconds] of last) total += seconds - first.get(pid)!;
      return total;
    },
  };
}
