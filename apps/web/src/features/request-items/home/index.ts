/** The driver request home (/). The router lazy-loads this module as one chunk. */
export { HomePage } from './home-page';
