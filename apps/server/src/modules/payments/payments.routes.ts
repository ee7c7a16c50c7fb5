import { API_PREFIX, paymentRoutes as r, webhookRoutes } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { CardError } from '../../platform/payments/payment-provider';
import { createPaymentsService } from './payments.service';

export function registerPaymentRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const payments = createPaymentsService(deps);
  const { sandbox } = deps.payments;
  const devClock = deps.config.payments.provider === 'sandbox' && deps.config.payments.devClock;

  addRoute(app, opts, r.setup, () => payments.setup());
  addRoute(app, opts, r.coupon, ({ params }) => payments.coupon(params.code));
  addRoute(app, opts, r.methods, ({ auth }) => payments.methods(auth));
  addRoute(app, opts, r.monthlySubscription, ({ auth, body }) => payments.subscribe(auth, body));
  addRoute(app, opts, r.requestUpdateToken, ({ auth }) => payments.requestUpdateToken(auth));
  addRoute(app, opts, r.currentSubscription, ({ auth }) => payments.current(auth));
  addRoute(app, opts, r.updatePaymentMethod, ({ auth, body }) => payments.updatePaymentMethod(auth, body));
  addRoute(app, opts, r.verifyToken, ({ body }) => payments.verifyToken(body.token));

  addRoute(app, opts, r.sandboxCard, async ({ body }) => {
    if (!sandbox) throw new AppError('SANDBOX_ONLY');
    try {
      return { id: await sandbox.tokenizeCard(body) };
    } catch (error) {
      throw error instanceof CardError ? new AppError(error.code) : error;
    }
  });
  addRoute(app, opts, r.sandboxClock, async ({ body }) => {
    if (!sandbox || !devClock) throw new AppError('SANDBOX_ONLY');
    return { now: (await sandbox.advanceClock(body.days)).toISOString() };
  });

  // The webhook reads its body raw: the signature covers the exact bytes sent.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const webhook = webhookRoutes.stripe;
    scope.post(API_PREFIX + webhook.path, { schema: { summary: webhook.summary, tags: ['webhooks'] } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      return payments.handleWebhook(String(request.body ?? ''), typeof signature === 'string' ? signature : undefined);
    });
  });
}
