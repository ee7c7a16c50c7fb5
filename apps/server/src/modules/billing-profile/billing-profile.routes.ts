/** A company's billing profile: 振込先 and payment terms (HTTP only). */
import { billingProfileRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createBillingProfileService } from './billing-profile.service';

export function registerBillingProfileRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const billing = createBillingProfileService(deps);
  addRoute(app, opts, r.bankAccount, ({ auth, params }) => billing.bankAccount(auth, params.companyId));
  addRoute(app, opts, r.saveBankAccount, ({ auth, params, body }) => billing.saveBankAccount(auth, params.companyId, body));
  addRoute(app, opts, r.paymentTerms, ({ auth, params }) => billing.paymentTerms(auth, params.companyId));
  addRoute(app, opts, r.savePaymentTerms, ({ auth, params, body }) => billing.savePaymentTerms(auth, params.companyId, body));
}
