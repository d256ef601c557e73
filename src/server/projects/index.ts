// projects: the caller's projects (routes.ts, projects.ts: list, create, rename, transfer, leave;
// a new project starts with IAM's admin role, owner membership and first workspace) and the project
// and user configuration with the project's resources (routes-config.ts, config.ts, resources.ts).
// Order (docs/server.md): after iam.
// This file is the folder's map, not an entry point: import the files it names directly.
export {};
