/**
 * The V8 settings of the server process (decision 081). Imported first by the entries (src/main.ts,
 * the bench's app-server), so that they hold before any other module runs.
 *
 * Allocation-site pretenuring is off. V8 allocates the objects of an allocation site (an object or
 * array literal) in the old generation once most of them outlived a scavenge. A site that also
 * serves requests, tenured by chance (a start, a burst), then puts every request's objects in the
 * old generation, where they die; what they point to in the young one survives scavenges through
 * them. In 9 server processes of 16, /api/v1/locations then ran five to eight full GCs in 8 s
 * instead of none: 0.6–0.9 s of collection and about a fifth of the throughput.
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--no-allocation-site-pretenuring');
