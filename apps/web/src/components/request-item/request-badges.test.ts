import { describe, expect, it } from 'vitest';
import { requestBadges } from './request-badges';
import { deliveryRequest } from '../../test/request-item.fixture';

const labels = (...args: Parameters<typeof requestBadges>) => requestBadges(...args).map((b) => b.label);

describe('requestBadges', () => {
  it('an open request: its state, 新着, 集荷日が近い and 応募済み', () => {
    const open = deliveryRequest(1, { isNewArrival: true, isNearDate: true, isApplied: true });
    expect(labels(open)).toEqual(['承認待ち', '新着', '集荷日が近い', '応募済み']);
    expect(labels(open, { showStatus: false })).toEqual(['新着', '集荷日が近い', '応募済み']);
  });

  it('a request closed at its selection deadline shows that alone, not キャンセル beside open signs', () => {
    const closed = deliveryRequest(1, {
      status: 'CANCELLED',
      selectionClosedAt: '2026-11-30T18:00:20.000+09:00',
      isNewArrival: true,
      isNearDate: true,
      isApplied: true,
    });
    expect(labels(closed)).toEqual(['選考期限で締切']);
    expect(labels(closed, { showStatus: false })).toEqual(['選考期限で締切']);
  });

  it('a cancelled or completed request shows only its state; a running one keeps 集荷日が近い', () => {
    const signs = { isNewArrival: true, isNearDate: true, isApplied: true };
    expect(labels(deliveryRequest(1, { ...signs, status: 'CANCELLED' }))).toEqual(['キャンセル']);
    expect(labels(deliveryRequest(1, { ...signs, status: 'COMPLETED' }))).toEqual(['配送完了']);
    // Approved: pickup soon still matters to the carrier; it is no longer new.
    expect(labels(deliveryRequest(1, { ...signs, status: 'APPROVED', isApplied: false }))).toEqual(['承認済み', '集荷日が近い']);
  });
});
