import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { formatTime } from '../ui/format';
import { TOKEN_SCOPES } from './token-scopes';
import { IssuedToken } from './issued-token';

type Scope = Schemas['FunctionalScope'];
const DAY_S = 86_400;
/** Scopes in the order the form lists them, whatever order they were ticked in (the token keeps the order sent). */
const inListOrder = (chosen: readonly Scope[]): Scope[] => TOKEN_SCOPES.map((s) => s.scope).filter((s) => chosen.includes(s));

/** The account's active tokens (by prefix only), minting one with chosen scopes and lifetime, rotation and revocation. */
export function AccountTokens({ accountId, bound }: { accountId: string; bound: boolean }) {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: ['sa-tokens', session?.projectId, accountId], queryFn: () => api.listServiceAccountTokens(accountId), retry: false });
  const [scopes, setScopes] = useState<Scope[]>(['observability:write']);
  const [days, setDays] = useState('30');
  // Held in component state only: leaving the page or dismissing it drops the value for good.
  const [issued, setIssued] = useState<{ token: string; what: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['sa-tokens'] });
  const mint = useMutation({
    mutationFn: () => api.createServiceAccountToken(accountId, { scopes: inListOrder(scopes), expiresInSeconds: Math.round(Number(days) * DAY_S) }),
    onSuccess: (result) => {
      setIssued({ token: result.token, what: `the token ${result.tokenInfo.prefix}…` });
      refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: (tokenId: string) => api.rotateServiceAccountToken(accountId, tokenId),
    onSuccess: (result) => {
      setIssued({ token: result.token, what: `the new token ${result.tokenInfo.prefix}… (the old one no longer works)` });
      refresh();
    },
  });
  const revoke = useMutation({ mutationFn: (tokenId: string) => api.revokeServiceAccountToken(accountId, tokenId), onSuccess: refresh });
  const toggle = (scope: Scope, on: boolean) => setScopes((s) => (on ? [...s, scope] : s.filter((x) => x !== scope)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mint.mutate();
  };
  const list = tokens.data?.tokens ?? [];
  return (
    <section className="card" aria-labelledby="sa-tokens-heading">
      <h2 id="sa-tokens-heading">Tokens</h2>
      {issued && <IssuedToken token={issued.token} what={issued.what} onDismiss={() => setIssued(null)} />}
      <ProblemAlert error={tokens.error ?? rotate.error ?? revoke.error} />
      {tokens.data && list.length === 0 && <p>No active tokens. Mint one below{bound ? '' : ' (and bind the account to this project so it works here)'}.</p>}
      {list.length > 0 && (
        <table>
          <caption className="visually-hidden">Active tokens, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Token</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((t) => (
              <tr key={t.id}>
                <td>
                  <code>{t.prefix}…</code>
                  {t.rotatedFromId && <div className="muted small">rotated</div>}
                </td>
                <td>{t.scopes.join(', ')}</td>
                <td>{formatTime(t.createdAt)}</td>
                <td>{formatTime(t.expiresAt)}</td>
                <td>
                  <button type="button" disabled={rotate.isPending} onClick={() => rotate.mutate(t.id)}>
                    Rotate<span className="visually-hidden"> {t.prefix}</span>
                  </button>{' '}
                  <button type="button" disabled={revoke.isPending} onClick={() => revoke.mutate(t.id)}>
                    Revoke<span className="visually-hidden"> {t.prefix}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form onSubmit={submit} noValidate>
        <h3>Mint a token</h3>
        <fieldset className="sa-scopes">
          <legend>Scopes</legend>
          {TOKEN_SCOPES.map(({ scope, meaning }) => (
            <label key={scope} className="inline">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
              <span>
                <code>{scope}</code> — {meaning}
              </span>
            </label>
          ))}
        </fieldset>
        <label htmlFor="sa-days">Expires after (days)</label>
        <input id="sa-days" type="number" min={1} max={365} value={days} onChange={(e) => setDays(e.target.value)} className="sa-days" />{' '}
        <button type="submit" className="primary" disabled={mint.isPending}>
          Mint token
        </button>
        <ProblemAlert error={mint.error} />
      </form>
    </section>
  );
}
