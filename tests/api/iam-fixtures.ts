// Helpers of the IAM API tests: a mailer that records messages, a small client for one caller,
// and people signed in with or without a project of their own.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createHash } from 'node:crypto';
import type { MailMessage, Mailer } from '../../src/server/platform/mail';
import { createUser } from './fixtures';
import { login, type TestServer } from './harness';

export function recordingMailer(): Mailer & { sent: MailMessage[]; failNext: boolean } {
  const mailer = {
    sent: [] as MailMessage[],
    failNext: false,
    async send(message: MailMessage) {
      if (mailer.failNext) {
        mailer.failNext = false;
        throw new Error('SMTP is down');
      }
      mailer.sent.push(message);
    },
    close() {},
  };
  return mailer;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The calls of one caller (a cookie or bearer headers) under /api. */
export function caller(app: () => FastifyInstance, headers: () => Record<string, string>) {
  const send = (method: Method, url: string, payload?: unknown, more: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    app().inject({ method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }), headers: { ...headers(), ...more } });
  return {
    send,
    get: (url: string, more?: Record<string, string>) => send('GET', url, undefined, more),
    post: (url: string, payload?: unknown, more?: Record<string, string>) => send('POST', url, payload, more),
    put: (url: string, payload?: unknown, more?: Record<string, string>) => send('PUT', url, payload, more),
    del: (url: string, more?: Record<string, string>) => send('DELETE', url, undefined, more),
  };
}

export const withCookie = (app: () => FastifyInstance, cookie: () => string) => caller(app, () => ({ cookie: cookie() }));

/** A person with no project yet, signed in. */
export async function signedInPerson(server: TestServer, email: string, password = `${email} password`, name = 'Test User') {
  const uuid = await createUser(server.database.db, email, password, 'active', name);
  const cookie = await login(server.app, email, password);
  return { uuid, cookie, email, password };
}

/** A person who created a project of their own through POST /v1/project (its owner and admin). */
export async function projectOwner(server: TestServer, email: string, projectName: string) {
  const person = await signedInPerson(server, email);
  const response = await server.app.inject({ method: 'POST', url: '/api/v1/project', payload: { name: projectName }, headers: { cookie: person.cookie } });
  if (response.statusCode !== 200) throw new Error(`create project: ${response.statusCode} ${response.body}`);
  const project = response.json() as { uuid: string; workspaces: { uuid: string }[] };
  const role = await server.database.db
    .selectFrom('roles')
    .select('uuid')
    .where('project_uuid', '=', project.uuid)
    .where('is_admin', '=', true)
    .executeTakeFirstOrThrow();
  return { ...person, projectUuid: project.uuid, workspaceUuid: project.workspaces[0]!.uuid, adminRoleUuid: role.uuid };
}

/** The token of an invite link ({public URL}/project/invite/{token}). */
export function tokenOf(link: string): string {
  const token = link.split('/project/invite/')[1];
  if (!token) throw new Error(`not an invite link: ${link}`);
  return token;
}
