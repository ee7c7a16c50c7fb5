/** The overview (/dashboard): a chunk of its own, so that the lists do not load the chart library. */
export { OverviewPage } from './overview-page';
