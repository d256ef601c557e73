// iam: the current project's people and rights (docs/iam.md): members, invites, roles, workspaces and
// API users (routes.ts, routes-invite.ts, routes-workspace.ts), the caller's roles and permissions
// under /v1/user (routes-user.ts), the permissions roles may hold (permissions.ts: each capability
// gives its PermissionProvider) and the admin checks and last-admin guard other capabilities use
// (access.ts, members-sql.ts). Order (docs/server.md): after auth.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
