import { readFileSync } from 'node:fs';

/** Linux reports process times in ticks of 1/100 s (USER_HZ) on every common architecture. */
const TICKS_PER_SECOND = 100;

/** A process's CPU time (user + system, all threads) in seconds, from /proc. */
function readProcessCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which may itself hold spaces and parentheses.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** Resident memory of a process in bytes. */
export function readRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) * 1024;
}

/**
 * CPU seconds of the whole machine, summed over cores: busy (user, nice, system, irq) and stolen
 * (the hypervisor ran another guest while ours wanted to run: on a shared VM, time our processes
 * waited that no figure of ours shows).
 */
function readMachineCpuSeconds(): { busy: number; steal: number } {
  const [line] = readFileSync('/proc/stat', 'utf8').split('\n');
  // user nice system idle iowait irq softirq steal
  const [user, nice, system, , , irq, softirq, steal] = (line ?? '')
    .split(/\s+/)
    .slice(1, 9)
    .map((t) => Number(t) || 0);
  const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0);
  return { busy: busy / TICKS_PER_SECOND, steal: (steal ?? 0) / TICKS_PER_SECOND };
}

export type CpuUse = {
  /** Cores' worth of CPU the server process used (1 = one core fully busy). */
  serverCores: number;
  /** The same for this process: the load generator's threads. */
  generatorCores: number;
  /** The whole machine: server, generator, PostgreSQL and anything else running. */
  machineCores: number;
  /** Cores' worth of time the hypervisor gave other guests while ours had work (not in the above). */
  stealCores: number;
};

/** Starts measuring CPU use; the returned function gives the use since then. */
export function startCpuMeter(serverPid: number): () => CpuUse {
  const startedAt = performance.now();
  const server = readProcessCpuSeconds(serverPid);
  const generator = process.cpuUsage();
  const machine = readMachineCpuSeconds();
  return () => {
    const seconds = (performance.now() - startedAt) / 1000;
    const generatorUse = process.cpuUsage(generator);
    const machineNow = readMachineCpuSeconds();
    const cores = (used: number) => Math.round((used / seconds) * 100) / 100;
    return {
      serverCores: cores(readProcessCpuSeconds(serverPid) - server),
      generatorCores: cores((generatorUse.user + generatorUse.system) / 1e6),
      machineCores: cores(machineNow.busy - machine.busy),
      stealCores: cores(machineNow.steal - machine.steal),
    };
  };
}
