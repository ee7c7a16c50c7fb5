/** The customer's monthly waiting and loading time report: its own chunk (it brings the chart library). */
export { StopTimeReportPage } from './stop-time-report-page';
