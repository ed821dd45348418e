import { screen, waitFor, within } from '@testing-library/react';
import type { RoleAssignment } from '@fitpost/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption, findDialog } from '@/test/antd';
import { adminUser, makeUserSummary } from '@/test/fixtures';
import { renderScreen } from '@/test/render-app';
import { server } from '@/test/msw-server';
import { UsersRoute } from './users';

const sam = makeUserSummary();
const lee = makeUserSummary({
  id: '22222222-3333-4444-8555-666666666666',
  fullName: 'Lee Lunge',
  email: 'lee@example.org',
  accountType: 'Staff',
  fitPostAdminAccess: true,
  hasAccess: false,
  lastSignInAt: null,
});
const roles = [
  { id: 1, name: 'Member', description: 'FitPost member' },
  { id: 2, name: 'Admin', description: 'FitPost administrator' },
  { id: 3, name: 'Coach', description: 'Coach' },
];

function usersApi() {
  const listQueries: Record<string, string>[] = [];
  const rolePosts: unknown[] = [];
  let samRoles: RoleAssignment[] = [
    {
      userId: sam.id,
      roleId: 1,
      roleName: 'Member',
      startDate: '2025-01-15T00:00:00.000Z',
      expiryDate: '2026-01-15T00:00:00.000Z',
      active: true,
    },
  ];
  server.use(
    http.get('/api/role', () => HttpResponse.json(roles)),
    http.get('/api/user', ({ request }) => {
      listQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ items: [sam, lee], total: 2, page: 1, pageSize: 20 });
    }),
    http.get('/api/user/:id', ({ params }) => HttpResponse.json(params.id === sam.id ? sam : lee)),
    http.get('/api/user/:id/properties', () =>
      HttpResponse.json([
        { name: 'autoPost.city', value: 'Dublin' },
        { name: 'internal.flag', value: 'x' },
        { name: 'timeZone', value: 'Europe/Dublin' },
        { name: 'tourSeen', value: 'true' },
      ]),
    ),
    http.get('/api/user/:id/roles', () => HttpResponse.json(samRoles)),
    http.post('/api/user/:id/role', async ({ request, params }) => {
      const body = (await request.json()) as { roleId: number; startDate: string; expiryDate: string | null };
      rolePosts.push({ path: params.id, body });
      samRoles = [
        ...samRoles,
        { userId: sam.id, roleName: 'Coach', active: true, ...body, expiryDate: body.expiryDate ?? null },
      ];
      return HttpResponse.json(samRoles[samRoles.length - 1], { status: 201 });
    }),
  );
  return { listQueries, rolePosts };
}

/**
 * The screen on its own route, as an admin, without the signed-in shell: inside the shell every
 * role query walks the shell's styled ancestors (test/render-app.tsx), and under load one test took
 * longer than its 45 s. What the shell adds, the admin-only guard, app/layouts/app-layout.test.tsx tests.
 */
function renderUsers() {
  return renderScreen(<UsersRoute />, { user: adminUser, path: '/app/manage/users' });
}

/** Opens Add User as an admin and sends Kim Kettlebell. */
async function addKim() {
  const { user } = renderUsers();
  await user.click(await screen.findByRole('button', { name: /Add User/ }));
  const modal = await findDialog('Add User');
  await user.type(within(modal).getByLabelText('Email'), 'kim@example.org');
  await user.type(within(modal).getByLabelText('Full name'), 'Kim Kettlebell');
  await user.click(within(modal).getByRole('button', { name: 'Add User' }));
  return { user, modal };
}

describe('/app/manage/users', () => {
  it("lists the portal's users", async () => {
    const { listQueries } = usersApi();
    renderUsers();

    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const samRow = (await screen.findByText('Sam Squat')).closest('tr');
    const leeRow = screen.getByText('Lee Lunge').closest('tr');
    expect(samRow).toHaveTextContent('sam@example.org');
    expect(samRow).toHaveTextContent('Active');
    expect(samRow).toHaveTextContent('3/4/2025');
    expect(leeRow).toHaveTextContent('Staff');
    expect(leeRow).toHaveTextContent('Admin');
    expect(leeRow).toHaveTextContent('No access');
    expect(leeRow).toHaveTextContent('Never');
    expect(screen.getByText('2 users')).toBeInTheDocument();
    expect(listQueries[0]).toEqual({
      portalid: '7',
      page: '1',
      pagesize: '20',
      sort: 'fullName',
      desc: 'false',
    });
  });

  it('searches, filters by role and sorts on the server', async () => {
    const { listQueries } = usersApi();
    const { user } = renderUsers();
    await screen.findByText('Sam Squat');

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'squat{Enter}');
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ keyword: 'squat', page: '1' }));

    await user.click(screen.getByRole('combobox', { name: 'Filter by role' }));
    await chooseOption(user, 'Coach');
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ keyword: 'squat', roleid: '3' }));

    await user.click(screen.getByRole('columnheader', { name: /Last sign-in/ }));
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ sort: 'lastSignInAt', desc: 'false' }));
    await user.click(screen.getByRole('columnheader', { name: /Last sign-in/ }));
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ sort: 'lastSignInAt', desc: 'true' }));
  });

  it("adds a role through 'Choose a Role to Add'", async () => {
    const { rolePosts } = usersApi();
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Roles of Sam Squat' }));
    const drawer = await findDialog('Sam Squat: roles');
    const memberRow = (await within(drawer).findByRole('cell', { name: 'Member' })).closest('tr');
    expect(memberRow).toHaveTextContent('1/15/2025');
    expect(memberRow).toHaveTextContent('1/15/2026');
    // Properties by their names, never raw keys; what FitPost keeps for itself is not shown.
    const properties = within(drawer).getByRole('region', { name: 'Properties' });
    expect(within(properties).getByText('Time zone')).toBeInTheDocument();
    expect(within(properties).getByText('Europe/Dublin')).toBeInTheDocument();
    expect(within(properties).getByText('Tour seen')).toBeInTheDocument();
    expect(within(properties).getByText('Yes')).toBeInTheDocument();
    expect(within(properties).getByText('City')).toBeInTheDocument();
    expect(within(properties).queryByText(/timeZone|tourSeen|autoPost\.|internal/)).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: /Add Role/ }));
    const modal = await findDialog('Choose a Role to Add');
    await user.click(within(modal).getByRole('combobox', { name: 'Role' }));
    await chooseOption(user, 'Coach');
    // The role starts today (local midnight); a run that crosses midnight may send either day.
    const midnight = () => new Date(new Date().setHours(0, 0, 0, 0)).toISOString();
    const todayBefore = midnight();
    await user.click(within(modal).getByRole('button', { name: 'Add Role' }));

    await waitFor(() => expect(rolePosts).toHaveLength(1));
    expect(rolePosts[0]).toEqual({
      path: sam.id,
      body: {
        userId: sam.id,
        roleId: 3,
        startDate: expect.toBeOneOf([todayBefore, midnight()]),
        expiryDate: null,
      },
    });
    expect(await within(drawer).findByRole('cell', { name: 'Coach' })).toBeInTheDocument();
    expect(await screen.findByText('Role added.')).toBeInTheDocument();
  });

  it('removes a role after confirmation', async () => {
    usersApi();
    const deleted: string[] = [];
    server.use(
      http.delete('/api/user/:id/role/:roleId', ({ params }) => {
        deleted.push(`${String(params.id)}/${String(params.roleId)}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Roles of Sam Squat' }));
    const drawer = await findDialog('Sam Squat: roles');
    await user.click(await within(drawer).findByRole('button', { name: 'Remove the Member role' }));
    expect(deleted).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(deleted).toEqual([`${sam.id}/1`]));
    expect(await screen.findByText('Role removed.')).toBeInTheDocument();
  });

  it("shows just 'Error' when another user's roles cannot be read, and logs the detail", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    usersApi();
    server.use(
      http.get('/api/user/:id/roles', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'Database is on fire' } }, { status: 500 }),
      ),
    );
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Roles of Sam Squat' }));
    const drawer = await findDialog('Sam Squat: roles');
    expect(await within(drawer).findByText('Error')).toBeInTheDocument();
    expect(within(drawer).queryByText(/Database is on fire/)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(
      'User call failed',
      expect.objectContaining({ text: 'Database is on fire' }),
    );
  });

  it('Edit <name> opens the user’s details and saves them with PUT /api/user/{id}, keeping the picture', async () => {
    usersApi();
    const puts: { id: unknown; body: unknown }[] = [];
    server.use(
      http.put('/api/user/:id', async ({ request, params }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push({ id: params.id, body });
        if (body.email === 'lee@example.org')
          return HttpResponse.json(
            { error: { code: 'conflict', message: 'A user with this email already exists in your portal' } },
            { status: 409 },
          );
        return HttpResponse.json({ ...sam, ...body });
      }),
    );
    const { user } = renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Edit Sam Squat' }));
    const modal = await findDialog('Edit Sam Squat');
    expect(within(modal).getByLabelText('Full name')).toHaveValue('Sam Squat');
    expect(within(modal).getByLabelText('Email')).toHaveValue('sam@example.org');
    expect(within(modal).getByLabelText('Account type')).toHaveValue(sam.accountType);

    await user.clear(within(modal).getByLabelText('Email'));
    await user.type(within(modal).getByLabelText('Email'), 'lee@example.org');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('The details were not saved.')).toBeInTheDocument();

    await user.clear(within(modal).getByLabelText('Email'));
    await user.type(within(modal).getByLabelText('Email'), 'sam.squat@example.org');
    await user.clear(within(modal).getByLabelText('Full name'));
    await user.type(within(modal).getByLabelText('Full name'), 'Samantha Squat');
    await user.clear(within(modal).getByLabelText('Account type'));
    await user.type(within(modal).getByLabelText('Account type'), 'Gym Owner');
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Details saved.')).toBeInTheDocument();
    expect(puts.at(-1)).toEqual({
      id: sam.id,
      body: {
        id: sam.id,
        thumbnailUrl: sam.thumbnailUrl,
        email: 'sam.squat@example.org',
        fullName: 'Samantha Squat',
        accountType: 'Gym Owner',
      },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Sam Squat' })).not.toBeInTheDocument(),
    );
  });

  it('adds a user and shows server errors', async () => {
    usersApi();
    const posted: unknown[] = [];
    server.use(
      http.post('/api/user', async ({ request }) => {
        posted.push(await request.json());
        return posted.length === 1
          ? HttpResponse.json(
              { error: { code: 'conflict', message: 'That email is already a user' } },
              { status: 409 },
            )
          : HttpResponse.json(makeUserSummary({ fullName: 'Kim Kettlebell' }), { status: 201 });
      }),
    );
    const { user, modal } = await addKim();

    expect(await within(modal).findByText('That email is already a user')).toBeInTheDocument();
    expect(posted[0]).toEqual({
      email: 'kim@example.org',
      fullName: 'Kim Kettlebell',
      accountType: 'Member',
    });

    await user.click(within(modal).getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('User added.')).toBeInTheDocument();
  });

  it("shows the server's refusal of a field under that field", async () => {
    usersApi();
    const tooLong = 'Too big: expected string to have <=200 characters';
    server.use(
      http.post('/api/user', () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation',
              message: `Invalid body: fullName ${tooLong}`,
              details: [{ path: 'fullName', message: tooLong }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { modal } = await addKim();

    const name = within(modal).getByLabelText('Full name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name.closest('.ant-form-item')).toHaveTextContent(tooLong);
    expect(within(modal).getByLabelText('Email').closest('.ant-form-item')).not.toHaveTextContent(tooLong);
  });

  it('checks the Add User form before posting', async () => {
    usersApi();
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: /Add User/ }));
    const modal = await findDialog('Add User');
    await user.type(within(modal).getByLabelText('Email'), 'not-an-email');
    await user.click(within(modal).getByRole('button', { name: 'Add User' }));

    expect(await within(modal).findByText('Enter a valid email address')).toBeInTheDocument();
    // antd validates fields one by one; wait for the second message too rather than assume it is there.
    expect(await within(modal).findByText('Enter a name')).toBeInTheDocument();
  });

  it('shows an error with Retry when the list cannot be loaded', async () => {
    usersApi();
    server.use(
      http.get('/api/user', () =>
        HttpResponse.json({ error: { code: 'forbidden', message: 'Admins only' } }, { status: 403 }),
      ),
    );
    renderUsers();

    expect(await screen.findByText('Users could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Admins only')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
