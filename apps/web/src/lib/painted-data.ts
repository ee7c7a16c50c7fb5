/**
 * What a page the server painted with data carries for the app (decisions 074, 075), in
 * `<script type="application/json" id="app-data">`: for whom it was painted, and the answers it
 * shows, which main.tsx puts in the query cache before it hydrates the page.
 */
import type { DehydratedState } from '@tanstack/react-query';

export interface PaintedData {
  /** The id of the user it was painted for, as their sign-in cookie said; '' when signed out. */
  user: string;
  /** TanStack Query's dehydrated cache. */
  queries: DehydratedState;
}

/** The painted data in the document, if the page carries any. */
export function readPaintedData(): PaintedData | undefined {
  const text = document.getElementById('app-data')?.textContent;
  return text ? (JSON.parse(text) as PaintedData) : undefined;
}
