/** A delivery's stops with their waiting and loading times: app/ puts the panel in the detail pages of request-items and admin. */
export { StopTimesPanel } from './stop-times-panel';
