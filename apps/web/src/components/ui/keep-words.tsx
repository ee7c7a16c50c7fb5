/**
 * A text that may wrap only at its spaces: each space-separated part (a date, a time range, a
 * name's halves kept apart by purpose) stays on one line. 2026年12月01日 09:00〜12:00 then breaks
 * as 2026年12月01日 / 09:00〜12:00, never as 2026年12月 / 01日 (issue 43 item 17).
 */
import { Fragment } from 'react';

export function KeepWords({ text }: { text: string }) {
  const parts = text.split(' ');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          <span className="keep">{part}</span>
        </Fragment>
      ))}
    </>
  );
}
