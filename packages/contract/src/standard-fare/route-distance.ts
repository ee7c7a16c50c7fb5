/**
 * The road distance of a route, estimated offline (issue 45 item 2, decision 091): each stop is
 * placed at its municipality's representative point (`datasets/municipalities/points.json`, from
 * GeoNames, CC BY 4.0), the legs' great-circle distances are added up in the stops' order, and
 * the sum is multiplied by a road factor calibrated on known road distances (±10 % on routes
 * over 100 km, ±15 % on short ones). Always shown as 推定; a figure entered replaces it.
 */
import municipalities from '../../datasets/municipalities/points.json';

/** Road km per great-circle km: the median of the calibration routes (decision 091). */
export const ROAD_FACTOR = 1.25;

export interface RoutePlace {
  /** 東京都 */
  prefecture: string;
  /** 千代田区, 大阪市北区, 北群馬郡榛東村: as Japan Post (and the postal lookup) writes it. */
  city: string;
}

/** How exactly a stop was placed: its municipality's own point, or a coarser stand-in. */
export type Placement = 'municipality' | 'nearby' | 'prefecture';

export interface RouteDistanceEstimate {
  /** Road km, one decimal. */
  km: number;
  estimated: true;
  /** Each stop's placement, in the route's order. */
  placements: Placement[];
}

type Point = readonly [number, number];
const POINTS: Record<string, readonly (number | string)[]> = municipalities.points;
/** The ways `how` the data found a point that stand for the municipality itself. */
const OWN_POINT = new Set(['place', 'city']);

let prefectureMeans: Map<string, Point> | undefined;

/** The mean of a prefecture's points, for a stop whose city is not known. */
function prefecturePoint(prefecture: string): Point | null {
  prefectureMeans ??= (() => {
    const sums = new Map<string, [number, number, number]>();
    for (const [name, [lat, lng]] of Object.entries(POINTS)) {
      const pref = /^.+?[都道府県]/.exec(name)![0];
      const sum = sums.get(pref) ?? [0, 0, 0];
      sums.set(pref, [sum[0] + Number(lat), sum[1] + Number(lng), sum[2] + 1]);
    }
    return new Map([...sums].map(([pref, [lat, lng, n]]) => [pref, [lat / n, lng / n] as const]));
  })();
  return prefectureMeans.get(prefecture) ?? null;
}

/** A stop's point: its municipality's; for a city written with more (大阪市北区梅田), the longest known name it starts with. */
export function placeOf(place: RoutePlace): { point: Point; placement: Placement } | null {
  const full = `${place.prefecture}${place.city.trim()}`;
  let entry = POINTS[full];
  if (!entry && place.city.trim()) {
    const known = Object.keys(POINTS)
      .filter((name) => full.startsWith(name))
      .sort((a, b) => b.length - a.length)[0];
    entry = known ? POINTS[known] : undefined;
  }
  if (entry) {
    const [lat, lng, how] = entry;
    return { point: [Number(lat), Number(lng)], placement: OWN_POINT.has(String(how)) ? 'municipality' : 'nearby' };
  }
  const point = prefecturePoint(place.prefecture);
  return point ? { point, placement: 'prefecture' } : null;
}

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function greatCircleKm(a: Point, b: Point): number {
  const dLat = radians(b[0] - a[0]);
  const dLng = radians(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a[0])) * Math.cos(radians(b[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The route's estimated road km, or null when a stop's prefecture is unknown. */
export function estimateRouteDistance(stops: readonly RoutePlace[]): RouteDistanceEstimate | null {
  const placed = stops.map(placeOf);
  if (placed.some((p) => p === null)) return null;
  const points = placed.map((p) => p!.point);
  let km = 0;
  for (let i = 1; i < points.length; i++) km += greatCircleKm(points[i - 1]!, points[i]!);
  return { km: Math.round(km * ROAD_FACTOR * 10) / 10, estimated: true, placements: placed.map((p) => p!.placement) };
}
