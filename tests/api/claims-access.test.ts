// Why a signed-in person can open nothing (spec section 4, docs/iam.md "Who is calling"): GET /v1/user/claims
// names it in NoAccess, decided by the server: noProject (no active membership), noWorkspaceRole (roles in the
// project, none in the workspace it acts in) or noRoles (no role in the project at all). Absent when all is well.
import { expect, it } from 'vitest';
import { addMember, addWorkspace, createProject, createRole, grantRole } from './fixtures';
import { DB_KIND, describeApi, useServer } from './harness';
import { signedInPerson, withCookie } from './iam-fixtures';

describeApi(`claims: why the console cannot open (${DB_KIND})`, () => {
  const server = useServer();
  const db = () => server().database.db;

  /** A person who is an active member of a new project with two workspaces, with no role yet. */
  async function memberOfTwoWorkspaces(email: string) {
    const person = await signedInPerson(server(), email);
    const { projectUuid, workspaceUuid } = await createProject(db(), `Project of ${email}`);
    const otherWorkspace = await addWorkspace(db(), projectUuid, 'Second');
    await addMember(db(), projectUuid, person.uuid);
    const as = withCookie(() => server().app, () => person.cookie);
    const claimsIn = async (workspace: string) => {
      const response = await as.get('/v1/user/claims', { 'x-project-uuid': projectUuid, 'x-workspace-uuid': workspace });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    return { person, projectUuid, workspaceUuid, otherWorkspace, as, claimsIn };
  }

  it('noProject: a person with no membership, and one whose only membership is not active', async () => {
    const person = await signedInPerson(server(), 'claims-none@luma.test');
    const as = withCookie(() => server().app, () => person.cookie);
    expect((await as.get('/v1/user/claims')).json()).toEqual({ ProjectUUID: null, IsAdmin: false, NoAccess: 'noProject' });

    const { projectUuid } = await createProject(db(), 'Pending only');
    await addMember(db(), projectUuid, person.uuid);
    await db().updateTable('project_users').set({ status: 'pending' }).where('user_uuid', '=', person.uuid).execute();
    expect((await as.get('/v1/user/claims')).json()).toEqual({ ProjectUUID: null, IsAdmin: false, NoAccess: 'noProject' });
  });

  it('noRoles: a member with no role, also when it holds a role of another project; a role given clears it', async () => {
    const { person, projectUuid, workspaceUuid, claimsIn } = await memberOfTwoWorkspaces('claims-noroles@luma.test');
    expect(await claimsIn(workspaceUuid)).toEqual({ ProjectUUID: projectUuid, IsAdmin: false, NoAccess: 'noRoles' });

    // A user_roles row naming another project's role gives nothing here.
    const foreign = await createProject(db(), 'Foreign');
    await grantRole(db(), person.uuid, await createRole(db(), foreign.projectUuid, { name: 'Foreign editor' }));
    expect(await claimsIn(workspaceUuid)).toEqual({ ProjectUUID: projectUuid, IsAdmin: false, NoAccess: 'noRoles' });

    await grantRole(db(), person.uuid, await createRole(db(), projectUuid, { name: 'Everywhere' }));
    expect(await claimsIn(workspaceUuid)).toEqual({ ProjectUUID: projectUuid, IsAdmin: false });
  });

  it('noWorkspaceRole: a role only in another workspace; in that workspace all is well', async () => {
    const { person, projectUuid, workspaceUuid, otherWorkspace, claimsIn } = await memberOfTwoWorkspaces('claims-noworkspace@luma.test');
    await grantRole(db(), person.uuid, await createRole(db(), projectUuid, { name: 'Second only' }), otherWorkspace);
    expect(await claimsIn(workspaceUuid)).toEqual({ ProjectUUID: projectUuid, IsAdmin: false, NoAccess: 'noWorkspaceRole' });
    expect(await claimsIn(otherWorkspace)).toEqual({ ProjectUUID: projectUuid, IsAdmin: false });
  });

  it('with no workspace asked for, the first workspace the person has a role in is the one acted in', async () => {
    const { person, projectUuid, workspaceUuid, otherWorkspace, as } = await memberOfTwoWorkspaces('claims-default-ws@luma.test');
    await grantRole(db(), person.uuid, await createRole(db(), projectUuid, { name: 'Second only, default' }), otherWorkspace);
    const claims = await as.get('/v1/user/claims', { 'x-project-uuid': projectUuid });
    expect(claims.json()).toEqual({ ProjectUUID: projectUuid, IsAdmin: false });
    // Asked for the first workspace, it is still no access there (the default did not widen anything).
    expect((await as.get('/v1/user/claims', { 'x-project-uuid': projectUuid, 'x-workspace-uuid': workspaceUuid })).json().NoAccess).toBe('noWorkspaceRole');
  });

  it('an admin role in one workspace is no access elsewhere either, and the admin everywhere has no NoAccess', async () => {
    const { person, projectUuid, workspaceUuid, otherWorkspace, claimsIn } = await memberOfTwoWorkspaces('claims-wsadmin@luma.test');
    await grantRole(db(), person.uuid, await createRole(db(), projectUuid, { name: 'Second admin', isAdmin: true, level: 100 }), otherWorkspace);
    expect(await claimsIn(workspaceUuid)).toEqual({ ProjectUUID: projectUuid, IsAdmin: false, NoAccess: 'noWorkspaceRole' });
    expect(await claimsIn(otherWorkspace)).toEqual({ ProjectUUID: projectUuid, IsAdmin: true });
  });
});
