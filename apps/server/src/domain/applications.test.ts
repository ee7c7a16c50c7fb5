/** Every (role, own item, status, price type, way of applying) against the rules of decideApplication. */
import { PriceType, RequestStatus, Role } from '@logi/contract';
import { describe, expect, it } from 'vitest';
import { decideApplication, type ApplicationKind } from './applications';

const KINDS: ApplicationKind[] = ['bid', 'fixed'];

describe('decideApplication', () => {
  it('allows drivers and managers on an open item of the matching price type only', () => {
    let allowed = 0;
    for (const role of Role.values)
      for (const own of [true, false])
        for (const status of RequestStatus.values)
          for (const priceType of PriceType.values)
            for (const kind of KINDS) {
              const item = { creatorId: own ? 'me' : 'someone', status, priceType, selectionDeadline: null };
              const got = decideApplication(item, { userId: 'me', role }, kind);
              const expected =
                role !== 'DRIVER' && role !== 'DRIVER_MANAGER'
                  ? 'ROLE_NOT_ALLOWED'
                  : own
                    ? 'CANNOT_APPLY_OWN_REQUEST'
                    : status !== 'WAITING_APPROVE'
                      ? 'APPLICATION_CLOSED'
                      : kind === 'bid' && priceType !== 'ESTIMATION'
                        ? 'BID_NOT_ALLOWED'
                        : kind === 'fixed' && priceType === 'ESTIMATION'
                          ? 'FIXED_PRICE_NOT_AVAILABLE'
                          : null;
              expect(got, `${role} own=${own} ${status} ${priceType} ${kind}`).toEqual(
                expected ? { ok: false, code: expected } : { ok: true },
              );
              if (got.ok) allowed++;
            }
    // bid on ESTIMATION; fixed on FIXED and PER_UNIT — for each of the two carrier roles.
    expect(allowed).toBe(2 * 3);
  });

  it('closes applications the moment the selection deadline comes', () => {
    const deadline = new Date('2026-12-01T18:00:00+09:00');
    const item = {
      creatorId: 'someone',
      status: 'WAITING_APPROVE' as const,
      priceType: 'ESTIMATION' as const,
      selectionDeadline: deadline,
    };
    const driver = { userId: 'me', role: 'DRIVER' as const };
    expect(decideApplication(item, driver, 'bid', new Date(deadline.getTime() - 1))).toEqual({ ok: true });
    expect(decideApplication(item, driver, 'bid', deadline)).toEqual({ ok: false, code: 'APPLICATION_CLOSED' });
  });
});
