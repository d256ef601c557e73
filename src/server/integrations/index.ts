// integrations: the catalogue of integrations and each project's state of them (docs/integrations.md):
// the integration host's own routes (routes.ts), installing and changing one (integrations.ts:
// isIntegrationActiveIn, serviceOf), the activation codes of paid ones (activation.ts), the installed
// templates that depend on one (dependencies.ts), luma-invoicing's VAT lookup through its provider
// (nbs.ts), and the permissions they offer to roles with their check (permissions.ts).
// Order (docs/server.md): after components.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
