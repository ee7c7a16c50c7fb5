/**
 * 認証済み (decision 104): a carrier company whose permit, cargo insurance and 登録番号 the admin
 * confirmed, and whose insurance is in force. Shown on bids, profiles and the back office.
 */
import { VERIFIED_BADGE } from '@logi/contract';
import { BadgeCheck } from 'lucide-react';
import { Badge } from './ui/badge';

export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <Badge variant="success" className={className} data-testid="verified-badge">
      <BadgeCheck aria-hidden className="size-3.5" />
      {VERIFIED_BADGE}
    </Badge>
  );
}
