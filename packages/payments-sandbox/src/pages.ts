import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, formatAmount, formatDate, renderCardFields, renderPage } from './html';
import { PAYMENT_INTENT_NOT_FOUND } from './options';
import { validatePaymentMethod, type PaymentMethodInput } from './outcome';
import type { PaymentsSandbox } from './sandbox';
import type { CheckoutSession, Subscription } from './objects';

type Form = Record<string, string | undefined>;

function readMethod(form: Form, prefix = ''): PaymentMethodInput {
  return form[`${prefix}method`] === 'paypal'
    ? { type: 'paypal' }
    : {
        type: 'card',
        number: form[`${prefix}cardNumber`] ?? '',
        expiry: form[`${prefix}expiry`] ?? '',
        cvc: form[`${prefix}cvc`] ?? '',
      };
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

function successLocation(session: CheckoutSession): string {
  return session.success_url.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id));
}

function cancelLocation(session: CheckoutSession): string | null {
  return (
    session.cancel_url?.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(session.id)) ?? null
  );
}

/** The hosted checkout page (Stripe Checkout's stand-in) and the customer portal. */
export function registerHostedPages(app: FastifyInstance, sandbox: PaymentsSandbox, root: string) {
  const store = sandbox.store;

  const renderCheckout = (
    session: CheckoutSession,
    error: string | null,
    method: 'card' | 'paypal',
  ) => {
    const price = store.prices.get(session.priceId)!;
    return renderPage(
      `Pay ${price.productName}`,
      `      <h1>Subscribe to ${escapeHtml(price.productName)}</h1>
      <p class="amount">${formatAmount(price.unitAmount)} <span class="muted">per month · USD</span></p>
      ${error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : ''}
      <form method="post" action="${root}/checkout/${escapeHtml(session.id)}/pay">
        <fieldset>
          <legend>Payment method</legend>
          <label class="choice"><input type="radio" name="method" value="card"${method === 'card' ? ' checked' : ''}> Card</label>
          <label class="choice"><input type="radio" name="method" value="paypal"${method === 'paypal' ? ' checked' : ''}> PayPal</label>
        </fieldset>
        <fieldset>
          <legend>Card details</legend>
          ${renderCardFields()}
          <p class="muted">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 is declined for insufficient funds; any future expiry and any CVC.</p>
        </fieldset>
        <button type="submit">Pay ${formatAmount(price.unitAmount)}</button>
      </form>
      ${session.cancel_url ? `<p><a href="${escapeHtml(cancelLocation(session)!)}">Cancel and return</a></p>` : ''}`,
    );
  };

  app.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
    const session = store.sessions.get(request.params.id);
    if (!session || session.status === 'expired') {
      return sendHtml(reply, 404, renderPage('Not found', `<h1>${PAYMENT_INTENT_NOT_FOUND}</h1>`));
    }
    if (session.status === 'complete') return reply.redirect(successLocation(session), 303);
    return sendHtml(reply, 200, renderCheckout(session, null, 'card'));
  });

  app.post<{ Params: { id: string }; Body: Form }>('/checkout/:id/pay', async (request, reply) => {
    const session = store.sessions.get(request.params.id);
    if (!session || session.status === 'expired') {
      return sendHtml(reply, 404, renderPage('Not found', `<h1>${PAYMENT_INTENT_NOT_FOUND}</h1>`));
    }
    if (session.status === 'complete') return reply.redirect(successLocation(session), 303);
    const method = readMethod(request.body ?? {});
    const invalid = validatePaymentMethod(method);
    if (invalid) return sendHtml(reply, 400, renderCheckout(session, invalid, method.type));
    const outcome = await sandbox.payCheckoutSession(session, method);
    if (outcome.status !== 'succeeded') {
      return sendHtml(reply, 402, renderCheckout(session, outcome.message, method.type));
    }
    return reply.redirect(successLocation(session), 303);
  });

  const renderPortal = (portalId: string, notice: string | null, error: string | null) => {
    const portal = store.portalSessions.get(portalId)!;
    const subscription = store.findLiveSubscription(portal.customer);
    const back = portal.return_url
      ? `<p><a href="${escapeHtml(portal.return_url)}">Return to Crescendo</a></p>`
      : '';
    const messages = `${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}${error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : ''}`;
    if (!subscription) {
      return renderPage(
        'Billing',
        `<h1>Billing</h1>${messages}<p>You have no active subscription.</p>${back}`,
      );
    }
    const price = store.prices.get(subscription.priceId)!;
    const method = subscription.defaultPaymentMethod
      ? store.paymentMethods.get(subscription.defaultPaymentMethod)
      : undefined;
    const methodText = method?.card
      ? `${method.card.brand} •••• ${method.card.last4}`
      : method?.type === 'paypal'
        ? 'PayPal'
        : 'None';
    const options = [...store.prices.values()]
      .map(
        (item) =>
          `<option value="${escapeHtml(item.id)}"${item.id === subscription.priceId ? ' selected' : ''}>${escapeHtml(item.productName)} – ${formatAmount(item.unitAmount)} / month</option>`,
      )
      .join('');
    const action = `${root}/portal/${escapeHtml(portalId)}/actions`;
    return renderPage(
      'Billing',
      `      <h1>Manage billing</h1>
      ${messages}
      <dl>
        <dt>Plan</dt><dd>${escapeHtml(price.productName)} (${formatAmount(price.unitAmount)} / month)</dd>
        <dt>Status</dt><dd>${escapeHtml(statusText(subscription))}</dd>
        <dt>${subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt><dd>${formatDate(subscription.periodEnd)}</dd>
        <dt>Payment method</dt><dd>${escapeHtml(methodText)}</dd>
      </dl>
      <section>
        <form method="post" action="${action}">
          <input type="hidden" name="action" value="change-plan">
          <label>Change plan<select name="priceId">${options}</select></label>
          <p><button type="submit">Change plan</button></p>
        </form>
      </section>
      <section>
        <form method="post" action="${action}">
          ${
            subscription.cancelAtPeriodEnd
              ? `<input type="hidden" name="action" value="resume"><button type="submit">Resume subscription</button>`
              : `<input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">Cancel at period end</button>`
          }
        </form>
      </section>
      <section>
        <form method="post" action="${action}">
          <input type="hidden" name="action" value="update-card">
          <fieldset><legend>Update card</legend>${renderCardFields()}</fieldset>
          <button type="submit" class="secondary">Update card</button>
        </form>
      </section>
      ${back}`,
    );
  };

  app.get<{ Params: { id: string } }>('/portal/:id', async (request, reply) => {
    if (!store.portalSessions.has(request.params.id)) {
      return sendHtml(
        reply,
        404,
        renderPage('Not found', '<h1>This billing session has ended.</h1>'),
      );
    }
    return sendHtml(reply, 200, renderPortal(request.params.id, null, null));
  });

  app.post<{ Params: { id: string }; Body: Form }>(
    '/portal/:id/actions',
    async (request, reply) => {
      const portal = store.portalSessions.get(request.params.id);
      if (!portal)
        return sendHtml(
          reply,
          404,
          renderPage('Not found', '<h1>This billing session has ended.</h1>'),
        );
      const subscription = store.findLiveSubscription(portal.customer);
      const form = request.body ?? {};
      if (!subscription)
        return sendHtml(
          reply,
          409,
          renderPortal(portal.id, null, 'You have no active subscription.'),
        );
      const { notice, error } = await applyPortalAction(sandbox, subscription, form);
      return sendHtml(reply, error ? 400 : 200, renderPortal(portal.id, notice, error));
    },
  );
}

function statusText(subscription: Subscription): string {
  if (subscription.status === 'past_due') return 'Past due – update your card';
  if (subscription.cancelAtPeriodEnd) return 'Active until the end of the period';
  return subscription.status === 'active' ? 'Active' : subscription.status;
}

async function applyPortalAction(
  sandbox: PaymentsSandbox,
  subscription: Subscription,
  form: Form,
): Promise<{ notice: string | null; error: string | null }> {
  switch (form.action) {
    case 'change-plan': {
      const priceId = form.priceId ?? '';
      if (!sandbox.store.prices.has(priceId)) return { notice: null, error: 'Choose a plan.' };
      if (priceId === subscription.priceId)
        return { notice: 'That is already your plan.', error: null };
      await sandbox.changePlan(subscription, priceId);
      return { notice: 'Your plan was changed.', error: null };
    }
    case 'cancel':
      await sandbox.setCancelAtPeriodEnd(subscription, true);
      return {
        notice: `Your subscription will end on ${formatDate(subscription.periodEnd)}.`,
        error: null,
      };
    case 'resume':
      await sandbox.setCancelAtPeriodEnd(subscription, false);
      return { notice: 'Your subscription will renew.', error: null };
    case 'update-card': {
      const method: PaymentMethodInput = {
        type: 'card',
        number: form.cardNumber ?? '',
        expiry: form.expiry ?? '',
        cvc: form.cvc ?? '',
      };
      const invalid = validatePaymentMethod(method);
      if (invalid) return { notice: null, error: invalid };
      await sandbox.updateCard(subscription, method);
      return { notice: 'Your card was updated.', error: null };
    }
    default:
      return { notice: null, error: 'Unknown action.' };
  }
}
