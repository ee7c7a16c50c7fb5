/**
 * A price against the standard fare (issue 45, decision 100): both sides compute a bid's share
 * the same way, the server for the lists and the web live in the bid dialog.
 */
import type { TStandardFareFigure } from './schemas/standard-fares';

/** The bid's 税抜 as a whole percentage of the standard fare's 税抜; null without a standard fare. */
export function shareOfStandardFare(bidSubtotal: number, standard: TStandardFareFigure | null | undefined): number | null {
  if (!standard?.covered || standard.subtotal <= 0) return null;
  return Math.round((bidSubtotal * 100) / standard.subtotal);
}
