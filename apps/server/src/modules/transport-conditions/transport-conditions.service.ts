/**
 * 運送条件書 (issue 16 item 1, decision 067): issued in the approval's transaction from the
 * request as its owner sees it and the approved bid, rendered to a PDF once and kept as it was
 * issued; downloaded by the parties (customer, contracting carrier, assigned driver) and the admin.
 */
import { conditionsDocument, transportConditionsOf } from '../../domain/transport-conditions';
import { actorOf } from '../../domain/request-lifecycle';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { renderPdf } from '../../platform/pdf/japanese-pdf';
import { getRequestItemRow, requestItemDetail } from '../request-items/request-items.service';
import * as repo from './transport-conditions.repository';

export interface ApprovedCandidate {
  id: string;
  price: number;
  incidentalCharge: number | null;
  fuelSurcharge: number | null;
}

/** Inside the approval's transaction (`tx`): the delivery is approved, `candidate` is the chosen bid. */
export async function issueTransportConditions(
  deps: Pick<Deps, 'storage' | 'config'>,
  tx: Database,
  requestItemId: string,
  creatorId: string,
  candidate: ApprovedCandidate,
): Promise<void> {
  const item = await requestItemDetail({ ...deps, db: tx }, requestItemId, { userId: creatorId, role: 'CUSTOMER' });
  const content = transportConditionsOf(item, candidate, new Date());
  await repo.insertDocument(tx, {
    number: content.number,
    requestItemId,
    candidateId: candidate.id,
    content,
    pdf: await renderPdf(conditionsDocument(content)),
  });
}

export function createTransportConditionsService({ db }: Pick<Deps, 'db'>) {
  return {
    /** The PDF for its parties and the admin; 404 for anyone else and before approval. */
    async download(auth: AuthContext, requestItemId: string): Promise<{ fileName: string; pdf: Buffer }> {
      const item = await getRequestItemRow(db, requestItemId);
      if (actorOf(item, auth) === 'OTHER') throw new AppError('REQUEST_ITEM_NOT_FOUND');
      const document = await repo.findDocument(db, item.id);
      if (!document) throw new AppError('TRANSPORT_CONDITIONS_NOT_FOUND');
      return { fileName: `運送条件書_${document.number}.pdf`, pdf: document.pdf };
    },
  };
}
