/** Two-way reviews after a job (issue 48, decision 105). */
import { labelled } from './labelled';

/** Which side of a job wrote a review: the shipper (rating the carrier) or the carrier (rating the shipper). */
export const ReviewSide = labelled(['SHIPPER', 'CARRIER'], {
  SHIPPER: '荷主',
  CARRIER: '運送会社',
});
export type TReviewSide = (typeof ReviewSide.values)[number];

/** The fixed list of tags a review may carry (optional, any of them). */
export const ReviewTag = labelled(['PUNCTUAL', 'CAREFUL', 'SMOOTH_CONTACT', 'SMOOTH_HANDLING', 'LONG_WAIT', 'LATE'], {
  PUNCTUAL: '時間厳守',
  CAREFUL: '丁寧',
  SMOOTH_CONTACT: '連絡がスムーズ',
  SMOOTH_HANDLING: '荷役がスムーズ',
  LONG_WAIT: '荷待ちが長い',
  LATE: '遅れあり',
});
export type TReviewTag = (typeof ReviewTag.values)[number];

/** How a shipper orders a request's candidates. */
export const CandidateSort = labelled(['NEWEST', 'PRICE', 'RATING', 'ON_TIME'], {
  NEWEST: '応募が新しい順',
  PRICE: '価格が安い順',
  RATING: '評価が高い順',
  ON_TIME: '定時到着率が高い順',
});
export type TCandidateSort = (typeof CandidateSort.values)[number];
