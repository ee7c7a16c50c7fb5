/** What the benches share: the run length, the measured row, the hard stop, the table, a full collection. */

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;

/** One scenario's figures. */
export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** A hard stop in case a scenario hangs: a bench must never run unbounded. */
export function exitAfter(seconds: number) {
  const deadline = setTimeout(() => {
    console.error('bench: deadline exceeded, aborting');
    process.exit(1);
  }, seconds * 1000);
  deadline.unref();
}

/** A plain-text table: the first column left-aligned, the figures right-aligned. */
export function printTable(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log('\n' + format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(format(l));
}

/**
 * A full garbage collection in a process started with --expose-gc (else nothing), for a memory
 * reading: two in a row, since one left the start's garbage outside the heap in place (PGlite
 * opening a new data directory: external 494 MiB after one, 140 MiB after two).
 */
export function collectGarbage() {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
}
