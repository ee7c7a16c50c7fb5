/**
 * The offline road-distance estimate against known road distances (decision 091). The road
 * figures are the usual fastest expressway routes between the two municipalities' centres:
 * 千代田区→大阪市北区 about 500 km (東名・新東名・名神, the figure the issue names);
 * 千代田区→名古屋市中区 340 km (東京IC–名古屋 314.6 km by 新東名, 347 km by 東名, plus the 首都高);
 * 千代田区→仙台市青葉区 360 km (東北道). The others are our own reading of the expressway distances
 * and were not checked against a router here.
 */
import { describe, expect, it } from 'vitest';
import { ROAD_FACTOR, estimateRouteDistance, greatCircleKm, placeOf } from './route-distance';

const CALIBRATION: [from: [string, string], to: [string, string], roadKm: number][] = [
  [['東京都', '千代田区'], ['大阪府', '大阪市北区'], 500],
  [['東京都', '千代田区'], ['愛知県', '名古屋市中区'], 340],
  [['東京都', '千代田区'], ['宮城県', '仙台市青葉区'], 360],
  [['東京都', '千代田区'], ['新潟県', '新潟市中央区'], 330],
  [['愛知県', '名古屋市中区'], ['大阪府', '大阪市北区'], 180],
  [['大阪府', '大阪市北区'], ['福岡県', '福岡市博多区'], 610],
  [['福岡県', '福岡市博多区'], ['鹿児島県', '鹿児島市'], 290],
  [['広島県', '広島市中区'], ['岡山県', '岡山市北区'], 160],
  [['北海道', '札幌市中央区'], ['北海道', '旭川市'], 140],
  [['東京都', '千代田区'], ['神奈川県', '横浜市中区'], 33],
];
const place = ([prefecture, city]: [string, string]) => ({ prefecture, city });

describe('road distance estimate', () => {
  it.each(CALIBRATION)('%j → %j is within the band of %i km', (from, to, roadKm) => {
    const estimate = estimateRouteDistance([place(from), place(to)])!;
    const error = (estimate.km - roadKm) / roadKm;
    // ±10 % over 100 km; ±15 % on a short urban route.
    expect(Math.abs(error)).toBeLessThanOrEqual(roadKm > 100 ? 0.1 : 0.15);
    expect(estimate.placements).toEqual(['municipality', 'municipality']);
  });

  it('the road factor is the median ratio of the calibration routes', () => {
    const ratios = CALIBRATION.map(
      ([from, to, roadKm]) => roadKm / greatCircleKm(placeOf(place(from))!.point, placeOf(place(to))!.point),
    ).sort();
    const median = (ratios[4]! + ratios[5]!) / 2;
    expect(ROAD_FACTOR).toBeCloseTo(median, 1);
  });

  it('adds the legs of a route in the stops’ order', () => {
    const tokyo = place(['東京都', '千代田区']);
    const nagoya = place(['愛知県', '名古屋市中区']);
    const osaka = place(['大阪府', '大阪市北区']);
    const direct = estimateRouteDistance([tokyo, osaka])!.km;
    const via = estimateRouteDistance([tokyo, nagoya, osaka])!.km;
    const back = estimateRouteDistance([tokyo, osaka, nagoya])!.km;
    expect(via).toBeGreaterThan(direct);
    expect(back).toBeGreaterThan(via);
    expect(estimateRouteDistance([tokyo, tokyo])!.km).toBe(0);
  });

  it('places a city written with more of the address, a town known only nearby, and an unknown city by its prefecture', () => {
    expect(placeOf({ prefecture: '大阪府', city: '大阪市北区梅田' })!.placement).toBe('municipality');
    expect(placeOf({ prefecture: '群馬県', city: '北群馬郡吉岡町' })!.placement).toBe('nearby');
    expect(placeOf({ prefecture: '群馬県', city: '架空市' })!.placement).toBe('prefecture');
    expect(
      estimateRouteDistance([
        { prefecture: '東京', city: '千代田区' },
        { prefecture: '東京都', city: '港区' },
      ]),
    ).toBeNull();
  });

  it('knows every municipality of the postal data', async () => {
    const { default: data } = await import('../../datasets/municipalities/points.json');
    expect(Object.keys(data.points).length).toBeGreaterThan(1_800);
    expect(data.license).toContain('CC BY 4.0');
  });
});
