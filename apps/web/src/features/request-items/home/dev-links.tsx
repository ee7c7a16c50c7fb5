import { HOME_TEXT } from '../../../texts/request-items';
import { useEffect, useState } from 'react';

/**
 * The dev mailbox exists only when the server runs outside production, which `npm start`
 * does with the production build of the web: so the server says (GET /healthz), not the
 * build. Asking never fails in production, where probing /dev/mailbox would log a 404.
 */
function useDevMailbox(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/healthz', { signal: controller.signal })
      .then((res) => res.json() as Promise<{ devMailbox?: boolean }>)
      .then((health) => setAvailable(health.devMailbox === true))
      .catch(() => setAvailable(false));
    return () => controller.abort();
  }, []);
  return available;
}

/** A quiet line for developers: the API documentation and, outside production, the dev mailbox. */
export function DevLinks() {
  const devMailbox = useDevMailbox();
  const link = 'inline-flex min-h-10 items-center underline-offset-4 hover:text-foreground hover:underline';
  return (
    <p className="flex flex-wrap justify-center gap-x-4 text-xs text-muted-foreground">
      <a className={link} href="/api/docs">
        {HOME_TEXT.apiDocs}
      </a>
      {devMailbox && (
        <a className={link} href="/dev/mailbox">
          {HOME_TEXT.devMailbox}
        </a>
      )}
    </p>
  );
}
