export { StopTimesPanel } from './stop-times-panel';
