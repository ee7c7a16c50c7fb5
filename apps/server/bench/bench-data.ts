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
