/** The register's one query: matched deliveries of 1.5 t or more in a month, with their parties. The only SQL of this module. */
import { type SQL, sql } from 'drizzle-orm';
import type { TRequestStatus, TVehicleType } from '@logi/contract';
import { type Database, rowsOf } from '../../platform/db/database';

export interface RegisterRow {
  id: string;
  status: TRequestStatus;
  pickup_at: Date;
  deliver_by: Date;
  /** The first pickup's and the last delivery's full address. */
  pickup_place: string;
  delivery_place: string;
  baggage_name: string;
  total_weight: string;
  vehicle_type: TVehicleType;
  shipper_company: string | null;
  shipper: PersonRow;
  contractor_company: string | null;
  contractor: PersonRow;
  carrier_company: string | null;
  carrier: PersonRow;
  /** The actual carrier is the contracting company itself (or the very account that contracted). */
  carried_by_contractor: boolean;
  /** The 運送条件書 in force (its newest version's number); null for a job matched without one. */
  conditions_number: string | null;
}

export interface PersonRow {
  name: string;
  firstName: string | null;
  lastName: string | null;
}

/** Who sees which rows: the customer its own requests, a manager its company's jobs, the admin all. */
export type RegisterScope = { customerId: string } | { managerId: string } | 'all';

function scopeOf(scope: RegisterScope): SQL {
  if (scope === 'all') return sql`true`;
  if ('customerId' in scope) return sql`r.creator_id = ${scope.customerId}`;
  // The manager took the job itself, or one of its drivers took or carries it.
  return sql`(r.receiver_id = ${scope.managerId} or ru.parent_id = ${scope.managerId} or cu.parent_id = ${scope.managerId})`;
}

/** 東京都中央区銀座1-2-3 銀座ビル5F: a stop's whole address, as the documents write it. */
const ADDRESS = sql.raw(`s.prefecture || s.city || s.town || s.block || coalesce(' ' || nullif(s.building, ''), '')`);

const person = (alias: string) =>
  sql.raw(`json_build_object('name', ${alias}.name, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name)`);

export async function registerRows(
  db: Database,
  scope: RegisterScope,
  range: { from: Date; to: Date },
  minimumWeightKg: number,
): Promise<RegisterRow[]> {
  return rowsOf<RegisterRow>(
    db,
    sql`select r.id, r.status, r.first_pickup_at as pickup_at,
        (select max(s.time_to) from transport_stops s where s.request_item_id = r.id) as deliver_by,
        (select ${ADDRESS} from transport_stops s
          where s.request_item_id = r.id and s.transport_type = 'PICKUP' order by s.position limit 1) as pickup_place,
        (select ${ADDRESS} from transport_stops s
          where s.request_item_id = r.id and s.transport_type = 'DELIVERY' order by s.position desc limit 1) as delivery_place,
        d.baggage_name, d.total_weight, d.vehicle_type,
        sc.name as shipper_company, ${person('su')} as shipper,
        rc.name as contractor_company, ${person('ru')} as contractor,
        cc.name as carrier_company, ${person('cu')} as carrier,
        coalesce(cu.id = ru.id or cc.id = rc.id, false) as carried_by_contractor,
        (select d.number from transport_condition_documents d
          where d.request_item_id = r.id order by d.version desc limit 1) as conditions_number
      from request_items r
      join delivery_items d on d.request_item_id = r.id
      join users su on su.id = r.creator_id
      left join companies sc on sc.id = su.company_id
      join users ru on ru.id = r.receiver_id
      left join companies rc on rc.id = ru.company_id
      join users cu on cu.id = coalesce(r.carrier_id, r.receiver_id)
      left join companies cc on cc.id = cu.company_id
      where r.deleted_at is null and r.type = 'DELIVERY'
        and r.status in ('APPROVED', 'IN_PROGRESS', 'COMPLETED')
        and d.total_weight >= ${minimumWeightKg}
        and r.first_pickup_at >= ${range.from} and r.first_pickup_at < ${range.to}
        and ${scopeOf(scope)}
      order by r.first_pickup_at, r.id`,
  );
}
