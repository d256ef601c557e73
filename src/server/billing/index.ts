// billing: subscriptions, trials, prices, checkout and its providers (docs/billing.md). After auth,
// before iam in the order of docs/server.md, so iam (users), sparks and public-apps read the limits a
// subscription gives (limits.ts projectLimit) before they create one more.
// - routes.ts (billingRoutes) and routes-webhook.ts (billingWebhookRoutes): the transaction host's calls
// - subscriptions.ts, state.ts: the rows, the payment states and their moves
// - checkout.ts, providers.ts, bank-transfer.ts, card.ts, webhook.ts, proforma.ts: checkout and the providers
// - catalogue.ts: the prices; limits.ts: the project's limits now
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
