// Registration (POST /v1/auth/register, docs/iam.md): a person with no project, signed in at once.
// The body is whitelisted (name, e-mail, password); is_admin, roles, status, kind and the like are
// ignored. The unique index on lower(email) decides between two registrations of one address.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { IAM_MESSAGE } from '../../../runtime/api/iam';
import type { Config } from '../platform/config';
import { recordFailure } from './throttle-sql';
import { insertPerson, setLoginAt } from './users-sql';
import type { Database } from '../db/schema';
import { HttpError, fieldsNotValid } from '../platform/errors';
import { hashPassword } from './passwords';
import { checkRegistration } from './profile-rules';
import { createSession } from './sessions';
import { assertNotThrottled } from './throttle';
import { emailTaken, isUniqueViolation } from './users';

/** Registrations (valid bodies, taken e-mails included) per client address and login window. */
export const REGISTRATIONS_PER_ADDRESS = 10;

export const registerThrottleKey = (ip: string) => `register:${ip}`;

export interface Registered {
  uuid: string;
  session: { token: string; expiresAt: Date };
}

export async function register(
  db: Kysely<Database>,
  config: Config,
  body: Record<string, unknown>,
  context: { ip: string; userAgent: string | null },
): Promise<Registered> {
  if (!config.registrationOpen) throw new HttpError(403, IAM_MESSAGE.registrationClosed);
  const key = registerThrottleKey(context.ip);
  await assertNotThrottled(db, { [key]: REGISTRATIONS_PER_ADDRESS }, config.loginWindowMs);
  const check = checkRegistration(body);
  if (!check.ok) throw fieldsNotValid(check.errors);
  const { name, email, password } = check.registration;
  // Counted before the insert, so probing for taken addresses is throttled too.
  await recordFailure(db, [key], config.loginWindowMs);

  const uuid = randomUUID();
  const passwordHash = await hashPassword(password);
  try {
    await insertPerson(db, { uuid, name, email, passwordHash });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await setLoginAt(db, uuid);
  const session = await createSession(db, config, { userUuid: uuid, projectUuid: null, ip: context.ip, userAgent: context.userAgent });
  return { uuid, session };
}
