/** What `npm run bench:data` generates and `npm run bench` relies on. */
export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/bench';
/** Every generated account signs in with this password (the bench logs in as one of them). */
export const BENCH_PASSWORD = 'Bench-Passw0rd!';
/** The driver the bench reads the market as; it never bids, so its reads stay an outsider's from run to run. */
export const BENCH_DRIVER_EMAIL = 'driver-1@bench.example.jp';
/** The driver the bench bids as, then reads the requests it bid on as (an applicant's detail). */
export const BENCH_BIDDER_EMAIL = 'driver-2@bench.example.jp';
/** The customer whose own requests (my-items) the bench reads. */
export const BENCH_CUSTOMER_EMAIL = 'customer-1@bench.example.jp';
/** The admin whose back-office lists the bench measures. */
export const BENCH_ADMIN_EMAIL = 'admin@bench.example.jp';
/** The names and company words the generated accounts are made of (the admin bench searches them). */
export const SURNAMES = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
];
export const GIVEN = ['翔太', '大輔', '健一', '美咲', '陽菜', '直樹', '拓也', '由美', '誠', '結衣', '蓮', '葵'];
export const COMPANY_WORDS = ['運輸', '物流', '商事', '食品', '産業', '工業', 'ロジスティクス', '倉庫', '通商', '製作所'];
/** The generated deliveries' baggage names (the market's keywords in the benches). */
export const BAGGAGE_NAMES = [
  '冷凍食品',
  '冷凍水産物',
  '精密機器',
  '家具',
  '雑貨',
  '建材',
  '飲料',
  '書籍',
  '衣料品',
  '家電',
  '青果',
  '医薬品',
  '自動車部品',
  '鋼材',
  '紙製品',
  '化粧品',
  '日用品',
  '米',
  '冷蔵乳製品',
  'オフィス什器',
];
