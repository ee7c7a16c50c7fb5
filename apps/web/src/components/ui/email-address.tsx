import { cn } from '../../lib/cn';

/**
 * An e-mail address that, when it has to wrap (a long address on a phone), breaks before the @
 * rather than inside a word; only a part still too long for the line breaks anywhere.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className={cn('wrap-anywhere', className)}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
