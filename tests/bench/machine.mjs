/**
 * The machine a bench ran on (cores, CPU model, memory, load, tool versions, date), printed
 * with every report: timings mean nothing without it, and a loaded machine (other builds
 * running) explains noisy medians.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";

function version(command, args, pattern = /(\d+\.\d+[\w.+-]*)/) {
  try {
    const output = execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 20000 });
    return pattern.exec(output)?.[1] ?? output.trim().split("\n")[0];
  } catch {
    return "unknown";
  }
}

/** Facts about this machine; `chromium` is the browser binary path. */
export function machineFacts({ chromium } = {}) {
  const cpuinfo = fs.existsSync("/proc/cpuinfo") ? fs.readFileSync("/proc/cpuinfo", "utf8") : "";
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    cores: os.availableParallelism?.() ?? os.cpus().length,
    cpu: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown",
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((load) => load.toFixed(2)).join(" "),
    os: `${os.type()} ${os.release()}`,
    node: process.versions.node,
    rustc: version("rustc", ["--version"]),
    chromium: chromium ? version(chromium, ["--version"]) : "unknown",
  };
}
