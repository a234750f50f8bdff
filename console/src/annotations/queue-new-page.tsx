import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../auth/session-context';
import type { BodyOf, Schemas } from '../api/operation-types';
import { ProblemAlert } from '../ui/problem-alert';

type DataType = Schemas['ScoreDataType'];
type Target = 'trace' | 'span';

/** Blank fields are left out so the service's defaults and its validation decide, not the browser. */
const optionalNumber = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** The request as typed: categories one per line, a range only for numbers. */
function requestOf(form: { name: string; target: Target; scoreName: string; dataType: DataType; min: string; max: string; categories: string }): BodyOf<'createAnnotationQueue'> {
  const scoreConfig: Schemas['AnnotationScoreConfig'] = { name: form.scoreName.trim(), dataType: form.dataType };
  if (form.dataType === 'numeric') {
    const min = optionalNumber(form.min);
    const max = optionalNumber(form.max);
    if (min !== undefined) scoreConfig.min = min;
    if (max !== undefined) scoreConfig.max = max;
  }
  if (form.dataType === 'categorical') {
    scoreConfig.categories = form.categories
      .split('\n')
      .map((c) => c.trim())
      .filter((c) => c !== '');
  }
  return { name: form.name.trim(), target: form.target, scoreConfig };
}

/** `/annotation-queues/new`: a queue is a name, what is reviewed (traces or spans) and the one question asked about each. */
export function QueueNewPage() {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ name: '', target: 'trace' as Target, scoreName: '', dataType: 'numeric' as DataType, min: '1', max: '5', categories: '' });
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  const create = useMutation({
    mutationFn: () => api.createAnnotationQueue(requestOf(form)),
    onSuccess: (queue) => {
      void queryClient.invalidateQueries({ queryKey: ['annotation-queues'] });
      navigate(`/annotation-queues/${queue.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section className="narrow">
      <p>
        <Link to="/annotations">← Annotations</Link>
      </p>
      <h1>New annotation queue</h1>
      {/* noValidate: the service's field errors (with their paths) are the ones shown. */}
      <form className="card" onSubmit={submit} noValidate>
        <label htmlFor="aq-name">Queue name</label>
        <input id="aq-name" value={form.name} maxLength={100} onChange={(e) => set({ name: e.target.value })} />
        <label htmlFor="aq-target">Reviewers judge</label>
        <select id="aq-target" value={form.target} onChange={(e) => set({ target: e.target.value as Target })}>
          <option value="trace">whole traces</option>
          <option value="span">single spans</option>
        </select>
        <fieldset>
          <legend>The question</legend>
          <label htmlFor="aq-score">Score name</label>
          <input id="aq-score" value={form.scoreName} onChange={(e) => set({ scoreName: e.target.value })} aria-describedby="aq-score-help" />
          <p id="aq-score-help" className="muted small">
            Answers are stored as annotation scores under this name, e.g. <code>helpfulness</code>.
          </p>
          <label htmlFor="aq-type">Answer</label>
          <select id="aq-type" value={form.dataType} onChange={(e) => set({ dataType: e.target.value as DataType })}>
            <option value="numeric">a number in a range</option>
            <option value="boolean">yes or no</option>
            <option value="categorical">one of a list of choices</option>
          </select>
          {form.dataType === 'numeric' && (
            <div className="aq-range">
              <label htmlFor="aq-min">From</label>
              <input id="aq-min" type="number" step="any" value={form.min} onChange={(e) => set({ min: e.target.value })} />
              <label htmlFor="aq-max">To</label>
              <input id="aq-max" type="number" step="any" value={form.max} onChange={(e) => set({ max: e.target.value })} />
            </div>
          )}
          {form.dataType === 'categorical' && (
            <>
              <label htmlFor="aq-categories">Choices (one per line)</label>
              <textarea id="aq-categories" rows={4} value={form.categories} onChange={(e) => set({ categories: e.target.value })} />
            </>
          )}
        </fieldset>
        <button type="submit" className="primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create queue'}
        </button>
        <ProblemAlert error={create.error} />
      </form>
    </section>
  );
}
