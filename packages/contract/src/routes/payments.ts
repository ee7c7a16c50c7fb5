/** The payments calls of the route table (spec §7 Payments) and the sandbox provider's own calls. */
import { def } from './route-def';
import { ZMessageResponse } from '../schemas/common';
import {
  ZCouponParams,
  ZCouponPreview,
  ZMonthlySubscriptionBody,
  ZPaymentMethodList,
  ZPaymentSetup,
  ZSandboxCardBody,
  ZSandboxCardResponse,
  ZSandboxClockBody,
  ZSandboxClockResponse,
  ZSubscription,
  ZSubscriptionResult,
  ZUpdatePaymentMethodBody,
  ZVerifyPaymentTokenBody,
  ZVerifyPaymentTokenResponse,
} from '../schemas/payments';

const MANAGER = ['DRIVER_MANAGER'] as const;

export const paymentRoutes = {
  setup: def({
    method: 'GET',
    path: '/payments/setup',
    summary: '月額プランと決済フォームの種類（Stripe Elements またはサンドボックス）',
    access: 'public',
    response: ZPaymentSetup,
    errors: ['PAYMENT_PROVIDER_UNAVAILABLE'],
  }),
  coupon: def({
    method: 'GET',
    path: '/payments/coupons/:code',
    summary: 'クーポンコードの確認と割引後の初回金額（誤り・期限切れは400）',
    access: 'public',
    params: ZCouponParams,
    response: ZCouponPreview,
    rateLimited: true,
    errors: ['COUPON_EXPIRED', 'COUPON_INVALID', 'PAYMENT_PROVIDER_UNAVAILABLE'],
  }),
  methods: def({
    method: 'GET',
    path: '/payments/methods',
    summary: '登録済みのお支払い方法（カード）',
    access: MANAGER,
    response: ZPaymentMethodList,
    errors: ['PAYMENT_PROVIDER_UNAVAILABLE'],
  }),
  monthlySubscription: def({
    method: 'POST',
    path: '/payments/monthly-subscription',
    summary: '月額プランの申し込み（カードトークン＋任意のクーポン。ログイン前は intentCode）。再送しても二重課金しない',
    access: 'public',
    body: ZMonthlySubscriptionBody,
    response: ZSubscriptionResult,
    rateLimited: true,
    errors: ['COUPON_EXPIRED', 'COUPON_INVALID', 'PAYMENT_INTENT_INVALID', 'PAYMENT_PROVIDER_UNAVAILABLE', 'USER_NOT_FOUND'],
  }),
  requestUpdateToken: def({
    method: 'POST',
    path: '/payments/request-update-token',
    summary: 'カード変更用リンクをメールで送る',
    access: MANAGER,
    response: ZMessageResponse,
    errors: ['USER_NOT_FOUND'],
  }),
  currentSubscription: def({
    method: 'GET',
    path: '/payments/subscription/current',
    summary: '現在の契約（spec §3 Subscription）',
    access: MANAGER,
    response: ZSubscription,
    errors: ['SUBSCRIPTION_NOT_FOUND'],
  }),
  updatePaymentMethod: def({
    method: 'POST',
    path: '/payments/update-payment-method',
    summary: 'カードの変更。未払いの請求があれば新しいカードで支払う（ログイン前は intentCode）',
    access: 'public',
    body: ZUpdatePaymentMethodBody,
    response: ZSubscriptionResult,
    rateLimited: true,
    errors: ['COUPON_EXPIRED', 'COUPON_INVALID', 'PAYMENT_INTENT_INVALID', 'PAYMENT_PROVIDER_UNAVAILABLE', 'USER_NOT_FOUND'],
  }),
  verifyToken: def({
    method: 'POST',
    path: '/payments/verify-token',
    summary: 'メールのカード変更用リンクの確認',
    access: 'public',
    body: ZVerifyPaymentTokenBody,
    response: ZVerifyPaymentTokenResponse,
    rateLimited: true,
    errors: ['PAYMENT_UPDATE_TOKEN_INVALID'],
  }),
  sandboxCard: def({
    method: 'POST',
    path: '/payments/sandbox/cards',
    summary: 'サンドボックス決済: カードをトークン化する（Stripe Elements の代わり。Stripe のテストカード番号が使える）',
    access: 'public',
    status: 201,
    body: ZSandboxCardBody,
    response: ZSandboxCardResponse,
    rateLimited: true,
    errors: ['SANDBOX_ONLY'],
  }),
  sandboxClock: def({
    method: 'POST',
    path: '/payments/sandbox/clock',
    summary: '開発環境のみ: サンドボックスの請求時計を進め、期限の来た更新・再請求を行う',
    access: 'public',
    body: ZSandboxClockBody,
    response: ZSandboxClockResponse,
    errors: ['SANDBOX_ONLY'],
  }),
} as const;

/** Not called by the client: the card provider posts its signed events here (raw body, `Stripe-Signature`). */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';
