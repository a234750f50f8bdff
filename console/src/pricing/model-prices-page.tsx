import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../auth/session-context';
import type { Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';
import { PriceForm } from './price-form';

type Price = Schemas['ModelPrice'];

const perMillion = (dollars: number | undefined): string => (dollars === undefined ? '—' : `$${dollars}`);

/**
 * `/settings/model-prices`: the project's price overrides. The API replaces the list as a whole, so
 * adding, editing and deleting each send the whole new list; what the service keeps is read back.
 */
export function ModelPricesPage() {
  const api = useApi();
  const { session } = useSession();
  const queryClient = useQueryClient();
  const prices = useQuery({ queryKey: ['model-prices', session?.projectId], queryFn: () => api.listModelPrices() });
  const [editing, setEditing] = useState<string | null>(null);
  const replace = useMutation({
    mutationFn: (next: Price[]) => api.replaceModelPrices({ prices: next }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['model-prices', session?.projectId], saved);
      setEditing(null);
    },
  });
  const list = prices.data?.prices ?? [];
  const save = (price: Price, replacing: string | null) => replace.mutate([...list.filter((p) => p.model !== replacing), price]);
  const remove = (model: string) => replace.mutate(list.filter((p) => p.model !== model));
  const onDelete = (event: FormEvent, model: string) => {
    event.preventDefault();
    remove(model);
  };
  return (
    <section>
      <p>
        <Link to="/settings">← Settings</Link>
      </p>
      <h1>Model prices</h1>
      <p className="muted">
        Dollars per million tokens. Spans that carry a model and token counts but no cost are priced when they arrive: by this project's price for the model when
        it has one, else by the deployment's built-in price table. A change applies to spans ingested from then on.
      </p>
      <ProblemAlert error={prices.error} />
      {prices.data && list.length === 0 && <p>This project sets no prices of its own: every model is priced by the deployment's table. Add a price below to override it.</p>}
      {list.length > 0 && (
        <table className="mp-table">
          <caption className="visually-hidden">The project's model prices, dollars per million tokens</caption>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col" className="num">Input</th>
              <th scope="col" className="num">Output</th>
              <th scope="col" className="num">Cache read</th>
              <th scope="col" className="num">Cache write</th>
              <th scope="col" className="num">Reasoning</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((p) => (
              <tr key={p.model}>
                <td>{p.model}</td>
                <td className="num">{perMillion(p.input)}</td>
                <td className="num">{perMillion(p.output)}</td>
                <td className="num">{perMillion(p.cacheRead)}</td>
                <td className="num">{perMillion(p.cacheWrite)}</td>
                <td className="num">{perMillion(p.reasoning)}</td>
                <td>
                  <button type="button" aria-expanded={editing === p.model} onClick={() => setEditing(editing === p.model ? null : p.model)}>
                    Edit<span className="visually-hidden"> {p.model}</span>
                  </button>{' '}
                  <form className="inline" onSubmit={(e) => onDelete(e, p.model)}>
                    <button type="submit" disabled={replace.isPending}>
                      Delete<span className="visually-hidden"> {p.model}</span>
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ProblemAlert error={replace.error} />
      {editing !== null && (
        <PriceForm key={editing} title={`Edit ${editing}`} initial={list.find((p) => p.model === editing)} busy={replace.isPending} onSubmit={(price) => save(price, editing)} />
      )}
      <PriceForm key={`new-${list.length}`} title="Add a price" busy={replace.isPending} onSubmit={(price) => save(price, price.model)} />
    </section>
  );
}
