import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A small stand-in for the parts of Stripe's API the shop calls (coupons, Checkout Sessions),
// speaking Stripe's wire format: form-encoded requests with bracketed keys, JSON answers, Bearer
// auth, idempotency keys. Requests are recorded so tests can assert what the shop sent.

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** Flat form fields as sent, e.g. "line_items[0][price_data][currency]" → "egp". */
  form: Record<string, string>;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  created: number;
  payment_intent?: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
}

export interface FakeStripe {
  url: string;
  port: number;
  requests: RecordedRequest[];
  sessions: Map<string, FakeSession>;
  /** Refunds created through POST /v1/refunds (one per idempotency key, as Stripe does; partial when `amount` is sent). */
  refunds: FakeRefund[];
  /** What the shopper paying on Stripe's page would do to the session. */
  markPaid(sessionId: string): FakeSession;
  /** Makes the next n API calls fail with a 500, to test the provider being down. */
  failNext(n: number): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const coupons = new Map<string, { id: string; amount_off: number }>();
  const byIdempotencyKey = new Map<string, unknown>();
  const refunds: FakeRefund[] = [];
  let failures = 0;

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : body));
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: header('authorization'),
      idempotencyKey: header('idempotency-key'),
      form,
    };
    requests.push(recorded);
    const send = (status: number, json: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': 'req_' + randomBytes(6).toString('hex'),
      });
      res.end(JSON.stringify(json));
    };
    if (failures > 0) {
      failures--;
      return send(500, { error: { type: 'api_error', message: 'Fake Stripe is down' } });
    }
    if (!recorded.authorization?.startsWith('Bearer sk_test_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const idem = recorded.idempotencyKey ? `${recorded.path}:${recorded.idempotencyKey}` : undefined;
    if (req.method === 'POST' && idem && byIdempotencyKey.has(idem))
      return send(200, byIdempotencyKey.get(idem));

    if (req.method === 'POST' && url.pathname === '/v1/coupons') {
      const coupon = {
        id: 'coupon_' + randomBytes(6).toString('hex'),
        object: 'coupon',
        amount_off: Number(form.amount_off),
        currency: form.currency,
        duration: form.duration,
        name: form.name ?? null,
      };
      coupons.set(coupon.id, coupon);
      if (idem) byIdempotencyKey.set(idem, coupon);
      return send(200, coupon);
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      let amount = 0;
      let currency = '';
      for (let i = 0; `line_items[${i}][quantity]` in form; i++) {
        const unit = Number(form[`line_items[${i}][price_data][unit_amount]`]);
        amount += unit * Number(form[`line_items[${i}][quantity]`]);
        currency = form[`line_items[${i}][price_data][currency]`] ?? currency;
      }
      const couponId = form['discounts[0][coupon]'];
      if (couponId) {
        const coupon = coupons.get(couponId);
        if (!coupon)
          return send(400, {
            error: { type: 'invalid_request_error', message: `No such coupon: '${couponId}'` },
          });
        amount -= coupon.amount_off;
      }
      if (!form.success_url)
        return send(400, { error: { type: 'invalid_request_error', message: 'Missing success_url' } });
      const id = 'cs_test_' + randomBytes(12).toString('hex');
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency,
        client_reference_id: form.client_reference_id ?? null,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([k]) => k.startsWith('metadata['))
            .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
        ),
        success_url: form.success_url,
        cancel_url: form.cancel_url ?? '',
        created: Math.floor(Date.now() / 1000),
        payment_intent: null,
      };
      sessions.set(id, session);
      if (idem) byIdempotencyKey.set(idem, session);
      return send(200, session);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const paid = [...sessions.values()].find((x) => x.payment_intent === form.payment_intent);
      if (!paid)
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: `No such payment_intent: '${form.payment_intent}'`,
          },
        });
      // Partial refunds as Stripe takes them: `amount` in minor units, never more than is left unrefunded.
      const unrefunded =
        paid.amount_total -
        refunds.filter((r) => r.payment_intent === paid.payment_intent).reduce((n, r) => n + r.amount, 0);
      if (unrefunded <= 0)
        return send(400, {
          error: { type: 'invalid_request_error', message: 'Charge has already been refunded.' },
        });
      const amount = form.amount === undefined ? unrefunded : Number(form.amount);
      if (amount > unrefunded)
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${unrefunded})`,
          },
        });
      const refund: FakeRefund = {
        id: 're_' + randomBytes(12).toString('hex'),
        object: 'refund',
        payment_intent: paid.payment_intent!,
        amount,
        currency: paid.currency,
        status: 'succeeded',
      };
      refunds.push(refund);
      if (idem) byIdempotencyKey.set(idem, refund);
      return send(200, refund);
    }
    const get = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && get) {
      const session = sessions.get(decodeURIComponent(get[1]!));
      if (!session)
        return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      return send(200, session);
    }
    return send(404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      },
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    sessions,
    refunds,
    markPaid(sessionId) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`fake Stripe has no session ${sessionId}`);
      s.status = 'complete';
      s.payment_status = 'paid';
      s.payment_intent ??= 'pi_' + randomBytes(12).toString('hex');
      return s;
    },
    failNext(n) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Stripe-Signature header exactly as Stripe computes it: HMAC-SHA256 of "<t>.<body>" with the endpoint secret. */
export function stripeSignature(body: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/** A checkout.session.completed event as Stripe sends it (the fields the shop reads, and a few more). */
export function completedEvent(
  session: FakeSession,
  eventId = 'evt_' + randomBytes(12).toString('hex'),
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type: 'checkout.session.completed',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { ...session, status: 'complete', payment_status: 'paid' } },
  });
}
