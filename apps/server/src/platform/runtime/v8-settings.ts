/**
 * The V8 settings of the server process, imported first by its entries (src/main.ts, the bench's
 * app-server) so that they hold before any other module runs.
 *
 * Allocation-site pretenuring is off: a literal tenured by chance (at start, in a burst) put every
 * request's objects in the old generation, and about half the processes then ran a full GC every
 * second or two under load, a fifth of their throughput (decision 081 has the measurements).
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--no-allocation-site-pretenuring');
