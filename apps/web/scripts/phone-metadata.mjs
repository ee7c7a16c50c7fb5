/**
 * Writes src/lib/phone-metadata.jp.json: Japan's slice of libphonenumber-js's metadata (its area
 * codes and how each groups its digits), 3 kB instead of the 80 kB of every country. Run it after
 * upgrading libphonenumber-js; src/lib/phone.test.ts fails while the slice is stale.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const all = require('libphonenumber-js/metadata.min.json');
const jp = {
  version: all.version,
  country_calling_codes: { 81: ['JP'] },
  countries: { JP: all.countries.JP },
  nonGeographic: {},
};
writeFileSync(new URL('../src/lib/phone-metadata.jp.json', import.meta.url), `${JSON.stringify(jp)}\n`);
