import { Role, UI_TEXT } from '@logi/contract';
import { useEffect, useState } from 'react';

/** The roles the marketplace serves, named with the contract's labels. */
const audience = [Role.labels.CUSTOMER, Role.labels.DRIVER, Role.labels.DRIVER_MANAGER].join(' / ');

/**
 * The dev mailbox exists only when the server runs outside production; HEAD is
 * answered by the route itself (the SPA fallback serves GET only), so this asks
 * the server rather than trusting how the web was built.
 */
function useDevMailbox(): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/dev/mailbox', { method: 'HEAD', signal: controller.signal })
      .then((res) => setAvailable(res.ok))
      .catch(() => setAvailable(false));
    return () => controller.abort();
  }, []);
  return available;
}

/** Placeholder of the driver request home until the request list is built. */
export function HomePage() {
  const devMailbox = useDevMailbox();
  return (
    <section className="mx-auto max-w-2xl py-8">
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{UI_TEXT.productName}</h1>
      <p>{audience} 向けの物流マッチングサービスです。荷物の配送・倉庫保管の依頼と、運べるドライバーをつなぎます。</p>
      <ul className="mt-4 list-disc pl-5 text-primary">
        <li>
          <a className="underline-offset-4 hover:underline" href="/api/docs">
            API ドキュメント
          </a>
        </li>
        {devMailbox && (
          <li>
            <a className="underline-offset-4 hover:underline" href="/dev/mailbox">
              開発用メールボックス
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
