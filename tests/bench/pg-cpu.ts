import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

/** utime, stime, cutime and cstime of a process (clock ticks), from /proc/<pid>/stat; undefined once it is gone. */
function timesOf(pid: number): { ppid: number; own: number; children: number } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (in parentheses) may hold spaces; the fields after it are space-separated, from the state (3rd).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3]);
  return { ppid: field(4), own: field(14) + field(15), children: field(16) + field(17) };
}

/**
 * A reader of the CPU time (seconds) PostgreSQL has used so far, for a server on this machine: its postmaster's own
 * time, its children's that have ended (the postmaster has waited for them), and the running children's. A rebuild's
 * writes cost the server as much as they cost Node, and wall time alone mixes both with the machine's noise. Undefined
 * when the server is not a process here (a DATABASE_URL elsewhere, or no /proc).
 */
export async function postgresCpuReader(pool: pg.Pool): Promise<(() => number) | undefined> {
  const backend = Number((await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid);
  const postmaster = timesOf(backend)?.ppid;
  if (postmaster === undefined || timesOf(postmaster) === undefined) return undefined;
  const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return () => {
    const main = timesOf(postmaster);
    if (!main) return NaN;
    // A child that ends between the two reads is missed once: rare while a pool keeps its connections open.
    let ticks = main.own + main.children;
    for (const entry of readdirSync('/proc')) {
      if (entry.charCodeAt(0) > 57) continue; // not a pid
      const child = timesOf(Number(entry));
      if (child?.ppid === postmaster) ticks += child.own;
    }
    return ticks / ticksPerSecond;
  };
}
