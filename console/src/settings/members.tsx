import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import { ProblemAlert } from '../ui/problem-alert';
import type { Schemas } from '../api/operation-types';

const ORGANIZATION_ROLES: Schemas['OrganizationRole'][] = ['owner', 'admin', 'member', 'viewer'];

/** The organization's members (role changes, removal) and its invitations (the link is shown to pass on). */
export function Members() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: ['members', session?.projectId], queryFn: () => api.listMembers(), retry: false });
  const invitations = useQuery({ queryKey: ['invitations', session?.projectId], queryFn: () => api.listInvitations(), retry: false });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['members'] });
    void queryClient.invalidateQueries({ queryKey: ['invitations'] });
  };
  const changeRole = useMutation({ mutationFn: (change: { userId: string; role: Schemas['OrganizationRole'] }) => api.updateMember(change.userId, { role: change.role }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (userId: string) => api.removeMember(userId), onSuccess: refresh });
  const revoke = useMutation({ mutationFn: (id: string) => api.revokeInvitation(id), onSuccess: refresh });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Schemas['OrganizationRole']>('member');
  const [link, setLink] = useState<{ email: string; url: string; mailed: boolean } | null>(null);
  const invite = useMutation({
    mutationFn: () => api.createInvitation({ email: email.trim(), role }),
    onSuccess: (issued) => {
      setLink({ email: issued.invitation.email, url: issued.url, mailed: issued.mailed });
      setEmail('');
      refresh();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  const pending = (invitations.data?.invitations ?? []).filter((i) => !i.acceptedAt && !i.revokedAt);

  return (
    <section className="card" aria-labelledby="members-heading">
      <h2 id="members-heading">Members and invitations</h2>
      <ProblemAlert error={members.error ?? changeRole.error ?? remove.error} />
      <table>
        <caption className="visually-hidden">Members of the organization</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Organization role</th>
            <th scope="col">Role here</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {members.data?.members.map((m) => (
            <tr key={m.userId}>
              <td>{m.name}</td>
              {/* Null without organization reach: the server hides addresses from project-only admins. */}
              <td>{m.email ?? <span className="muted">hidden</span>}</td>
              <td>
                <select
                  aria-label={`Organization role of ${m.email ?? m.name}`}
                  value={m.role}
                  disabled={changeRole.isPending}
                  onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as Schemas['OrganizationRole'] })}
                >
                  {ORGANIZATION_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </td>
              <td>{m.effectiveProjectRole}</td>
              <td>
                <button type="button" disabled={remove.isPending} onClick={() => remove.mutate(m.userId)}>
                  Remove<span className="visually-hidden"> {m.email ?? m.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Pending invitations</h3>
      <ProblemAlert error={invitations.error ?? revoke.error} />
      {invitations.data && pending.length === 0 && <p className="muted">None.</p>}
      <ul className="plain">
        {pending.map((i) => (
          <li key={i.id}>
            {i.email} as {i.role}, until {new Date(i.expiresAt).toLocaleString()}{' '}
            <button type="button" disabled={revoke.isPending} onClick={() => revoke.mutate(i.id)}>
              Revoke<span className="visually-hidden"> the invitation of {i.email}</span>
            </button>
          </li>
        ))}
      </ul>
      {link && (
        <div className="issued" role="status">
          {link.mailed ? (
            <p>
              The invitation was mailed to <strong>{link.email}</strong>. The link, should it not arrive:
            </p>
          ) : (
            <p>
              Send this link to <strong>{link.email}</strong>:
            </p>
          )}
          <code className="secret">{link.url}</code>
        </div>
      )}
      <form onSubmit={submit} className="inline-form">
        <h3>Invite someone</h3>
        <label htmlFor="invite-email">Email</label>
        <input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="invite-role">Role</label>
        <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Schemas['OrganizationRole'])}>
          {ORGANIZATION_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <button type="submit" disabled={invite.isPending}>
          Invite
        </button>
        <ProblemAlert error={invite.error} />
      </form>
    </section>
  );
}
