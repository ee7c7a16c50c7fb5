/** The way from a completed delivery's detail to its invoice (issue 46): for its carrier and its shipper. */
import type { TRequestItemDetail } from '@logi/contract';
import { FileCheck2 } from 'lucide-react';
import { Link } from 'react-router';
import { INVOICES_TEXT } from '../../texts/invoices';
import { Button } from '../ui/button';

/** Relative: the detail's own path + /invoice, under my-items or applied-items alike. */
export function InvoiceLink({ item }: { item: Pick<TRequestItemDetail, 'status' | 'type'> }) {
  if (item.type !== 'DELIVERY' || item.status !== 'COMPLETED') return null;
  return (
    <Button asChild variant="outline">
      <Link to="invoice">
        <FileCheck2 aria-hidden className="size-4" />
        {INVOICES_TEXT.open}
      </Link>
    </Button>
  );
}
