// The transaction host's calls (spec section 7 "Transaction host"; docs/billing.md): subscriptions,
// trials, payment information, currency rates, prices, checkout links, and the bank transfer's
// pro-forma, payment word and approval. Reads: any member of the project; writes: its admins;
// approvals: the platform's operators. The card provider's webhook is routes-webhook.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  approvalBodySchema,
  BILLING_MESSAGE,
  checkoutBodySchema,
  checkoutUrlSchema,
  checkoutV1BodySchema,
  currencyRatesSchema,
  paymentInfoSchema,
  priceParams,
  priceSchema,
  subscriptionListSchema,
  subscriptionParams,
  subscriptionSchema,
  transferApprovalSchema,
  trialBodySchema,
  trialListSchema,
  type CheckoutRequest,
  type CheckoutV1Request,
} from '../../../runtime/api/billing';
import { arrayOf, emptySchema } from '../../../runtime/api/schema-kit';
import { replies } from '../../../runtime/api/schemas';
import type { ServerContext } from '../platform/context';
import { specFor } from '../platform/contract';
import { forbidden, HttpError } from '../platform/errors';
import { accountabilityOf } from '../auth/session-hook';
import { isOperator } from '../auth/operators';
import { requireProject } from '../auth/tenancy';
import { decideTransfer, markPaid, pendingTransfers } from './bank-transfer';
import { BASE_CURRENCY, findPrice, priceOfProduct } from './catalogue';
import { checkoutLink, hasBillingInformation, requireBillingAdmin } from './checkout';
import { productsRequired, projectLimits } from './limits';
import { proformaNumber, proformaPdf } from './proforma';
import { methodStatuses } from './providers';
import { projectSubscriptionRows, removeSubscription, requireSubscription, startTrial, toSubscription } from './subscriptions';

const spec = specFor(['transaction']);
const uuidOf = (request: FastifyRequest) => (request.params as { uuid: string }).uuid;
/** The URL as a JSON string (a bare string would go out as text/plain). */
const urlReply = (reply: FastifyReply, url: string) => reply.type('application/json; charset=utf-8').send(JSON.stringify(url));
const langOf = (request: FastifyRequest, given?: string) => given ?? request.headers['accept-language']?.split(',')[0] ?? 'en_US';

export const billingRoutes: FastifyPluginAsync<ServerContext> = async (host, context) => {
  const { db, config } = context;
  const billing = config.billing;

  host.get('/billing/subscription', spec("The project's subscriptions and trials, newest first, and its limits now", { response: replies({ 200: subscriptionListSchema }) }), async (request) => {
    const project = requireProject(accountabilityOf(request));
    const rows = await projectSubscriptionRows(db, project);
    return { items: rows.map((row) => toSubscription(row)), limits: await projectLimits(db, project, config) };
  });
  host.get('/trial', spec("The project's trials and a trial's length in days", { response: replies({ 200: trialListSchema }) }), async (request) => {
    const rows = await projectSubscriptionRows(db, requireProject(accountabilityOf(request)));
    return { trial_days: billing.trialDays, items: rows.filter((row) => row.is_trial).map((row) => toSubscription(row)) };
  });
  host.get('/billing/subscription/payment_info', spec('Each checkout method (on, off or not configured), the bank account (when the transfer is on), whether the billing information is saved, and the products whose functionality needs a subscription here', { response: replies({ 200: paymentInfoSchema }) }), async (request) => {
    const accountability = accountabilityOf(request);
    requireProject(accountability);
    const methods = methodStatuses(billing);
    const bankOn = methods.some((entry) => entry.method === 'bank_transfer' && entry.status === 'on');
    return { methods, bank: bankOn ? billing.bank : null, billing_information: hasBillingInformation(accountability), products_required: productsRequired(config) };
  });
  host.get('/v1/currency-rates', spec("Currency rates against the prices' currency (LUMA_CURRENCY_RATES)", { response: replies({ 200: currencyRatesSchema }) }), async () => ({
    base: BASE_CURRENCY,
    rates: { [BASE_CURRENCY]: 1, ...billing.currencyRates },
  }));
  host.get('/v1/prices/:id', spec('A price of the catalogue (404 priceNotFound)', { params: priceParams, response: replies({ 200: priceSchema }) }), async (request) => {
    const price = findPrice((request.params as { id: string }).id, billing);
    if (!price) throw new HttpError(404, BILLING_MESSAGE.priceNotFound);
    return price;
  });
  host.post('/v1/trial', spec('Start the trial of a product (admins; one per product: 409 trialAlreadyUsed)', { body: trialBodySchema, response: replies({ 200: subscriptionSchema }) }), async (request) => {
    const accountability = accountabilityOf(request);
    const project = requireBillingAdmin(accountability);
    const id = (request.body as { product_id: string }).product_id;
    const price = findPrice(id, billing) ?? priceOfProduct(id, billing);
    if (!price) throw new HttpError(404, BILLING_MESSAGE.priceNotFound);
    return toSubscription(await startTrial(db, project, accountability.user.uuid, price));
  });
  host.post('/checkout/link', spec("Start a checkout of a product (admins, with billing information saved); answers the provider's URL", { body: checkoutBodySchema, response: replies({ 200: checkoutUrlSchema }) }), async (request, reply) => {
    const body = request.body as CheckoutRequest;
    const price = body.options?.price_id ? findPrice(body.options.price_id, billing) : priceOfProduct(body.product_type, billing);
    const matches = price && price.product_type === body.product_type ? price : null;
    return urlReply(reply, await checkoutLink(db, config, accountabilityOf(request), { price: matches, method: body.options?.method, reference: body.reference ?? null, lang: langOf(request, body.lang) }));
  });
  host.post('/v1/checkout/link', spec("Start a checkout of a price (admins, with billing information saved); answers the provider's URL", { body: checkoutV1BodySchema, response: replies({ 200: checkoutUrlSchema }) }), async (request, reply) => {
    const body = request.body as CheckoutV1Request;
    return urlReply(reply, await checkoutLink(db, config, accountabilityOf(request), { price: findPrice(body.price_id, billing), method: body.method, reference: null, lang: langOf(request, body.lang) }));
  });
  host.delete('/billing/subscription/:uuid', spec('Remove a subscription: only an expired one (admins; 409 subscriptionNotExpired)', { params: subscriptionParams, response: replies({ 200: emptySchema }) }), async (request) => {
    await removeSubscription(db, requireBillingAdmin(accountabilityOf(request)), uuidOf(request));
    return {};
  });
  host.get('/billing/subscription/:uuid/proforma', spec("A bank transfer's pro-forma invoice (PDF)", { params: subscriptionParams, response: replies({ 200: { description: 'the PDF', type: 'string', format: 'binary' } }) }), async (request, reply) => {
    const accountability = accountabilityOf(request);
    const operator = isOperator(accountability, config.operators);
    const row = await requireSubscription(db, operator ? null : requireProject(accountability), uuidOf(request));
    if (row.method !== 'bank_transfer') throw new HttpError(404, BILLING_MESSAGE.subscriptionNotFound);
    const pdf = await proformaPdf(row, billing, langOf(request));
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${proformaNumber(row)}.pdf"`).send(pdf);
  });
  host.post('/billing/subscription/:uuid/paid', spec('The bank transfer is made: pending approval (admins)', { params: subscriptionParams, response: replies({ 200: subscriptionSchema }) }), async (request) =>
    markPaid(db, requireBillingAdmin(accountabilityOf(request)), uuidOf(request)),
  );
  host.get('/billing/approvals', spec('Bank transfers waiting for approval, across projects (operators)', { response: replies({ 200: arrayOf(transferApprovalSchema) }) }), async (request) => {
    if (!isOperator(accountabilityOf(request), config.operators)) throw forbidden();
    return pendingTransfers(db);
  });
  host.post('/billing/subscription/:uuid/approval', spec('Approve (subscribed) or refuse (failed) a bank transfer (operators)', { params: subscriptionParams, body: approvalBodySchema, response: replies({ 200: subscriptionSchema }) }), async (request) => {
    if (!isOperator(accountabilityOf(request), config.operators)) throw forbidden();
    return decideTransfer(db, billing, uuidOf(request), (request.body as { approved: boolean }).approved);
  });
};
