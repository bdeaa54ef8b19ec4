import { readFileSync } from 'node:fs';
// How busy the machine was while something was measured: Linux CPU time counters over all cores (/proc/stat),
// shared by the bench runner (a line per benchmark) and benches that report per database.

/** The counters now, or null off Linux. */
export function cpuTimes() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal = 0] = fields.map(Number);
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return null; // not Linux
  }
}

/** Busy and stolen shares (0–1) between two readings, or null. */
export function cpuUsage(before, after) {
  if (!before || !after) return null;
  const d = (k) => after[k] - before[k];
  const total = d('busy') + d('idle') + d('steal');
  return total > 0 ? { busy: d('busy') / total, steal: d('steal') / total } : null;
}
