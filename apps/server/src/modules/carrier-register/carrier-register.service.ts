/**
 * 実運送体制管理簿 (issue 16 item 2, decision 066): a month of matched deliveries of 1.5 t or more
 * with the shipper, the contracting company, and the company and driver who actually carried it.
 * A customer reads its own requests, a driver manager its company's jobs, the admin every one.
 */
import { CARRIER_REGISTER_RULES, type TCarrierRegister, requestReference } from '@logi/contract';
import { personName } from '../../domain/person-name';
import { tokyoMonthRange } from '../../domain/stop-times';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/http/auth-context';
import * as repo from './carrier-register.repository';

const scopeOf = (auth: AuthContext): repo.RegisterScope =>
  auth.role === 'ADMIN' ? 'all' : auth.role === 'CUSTOMER' ? { customerId: auth.userId } : { managerId: auth.userId };

export function createCarrierRegisterService({ db }: Pick<Deps, 'db'>) {
  return {
    async register(auth: AuthContext, month: string): Promise<TCarrierRegister> {
      const rows = await repo.registerRows(db, scopeOf(auth), tokyoMonthRange(month), CARRIER_REGISTER_RULES.minimumWeightKg);
      return {
        month,
        rows: rows.map((r) => ({
          requestItemId: r.id,
          reference: requestReference(r.id),
          status: r.status,
          pickupAt: new Date(r.pickup_at).toISOString(),
          deliverBy: new Date(r.deliver_by).toISOString(),
          route: `${r.pickup_place} → ${r.delivery_place}`,
          pickupAddress: r.pickup_place,
          deliveryAddress: r.delivery_place,
          baggageName: r.baggage_name,
          totalWeightKg: Number(r.total_weight),
          vehicleType: r.vehicle_type,
          shipper: r.shipper_company || personName(r.shipper, ''),
          contractor: r.contractor_company || personName(r.contractor, ''),
          actualCarrier: r.carrier_company || personName(r.carrier, ''),
          driverName: personName(r.carrier, ''),
          // 請負階層 counted from the contracting company: its own drivers carry as the 元請 (0).
          subcontractTier: r.carried_by_contractor ? 0 : 1,
          conditionsNumber: r.conditions_number,
        })),
      };
    },
  };
}
