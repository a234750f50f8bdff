import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiClient } from '../api/client';
import type { PlaygroundStreamEvent } from '../api/playground-events';
import { ProblemAlert } from '../ui/problem-alert';
import { formatCost, formatLatency } from '../ui/format';
import { runRequestOf, type Draft } from './draft';

type Done = Extract<PlaygroundStreamEvent, { event: 'done' }>['data'];
type Failed = Extract<PlaygroundStreamEvent, { event: 'error' }>['data'];

/** One side's run: the text so far, and how it ended. */
export function useRun() {
  const [text, setText] = useState('');
  const [running, setRunning] = useState(false);
  const [traceId, setTraceId] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const [failed, setFailed] = useState<Failed | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = useCallback(async (api: ApiClient, draft: Draft, variables: Record<string, string>) => {
    const request = runRequestOf(draft, variables);
    setText('');
    setDone(null);
    setFailed(null);
    setProblem(null);
    setTraceId(null);
    setInvalid(typeof request === 'string' ? request : null);
    if (typeof request === 'string') return;
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    try {
      await api.runPlayground(
        request,
        (event) => {
          if (event.event === 'run') setTraceId(event.data.traceId);
          else if (event.event === 'delta') setText((before) => before + event.data.content);
          else if (event.event === 'done') setDone(event.data);
          else setFailed(event.data);
        },
        controller.signal,
      );
    } catch (error) {
      if (!controller.signal.aborted) setProblem(error);
    } finally {
      setRunning(false);
    }
  }, []);

  const stop = useCallback(() => abort.current?.abort(), []);
  return { text, running, traceId, done, failed, problem, invalid, start, stop };
}

/** The streamed answer (announced politely as it grows), then its tokens, cost and trace, or its failure. */
export function RunOutput({ run }: { run: ReturnType<typeof useRun> }) {
  return (
    <div className="pg-output">
      {run.invalid && (
        <p role="alert" className="problem">
          {run.invalid}
        </p>
      )}
      <ProblemAlert error={run.problem} />
      <h3>Answer</h3>
      <pre aria-live="polite" aria-busy={run.running} className="pg-answer">
        {run.text || (run.running ? '…' : '')}
      </pre>
      {run.failed && (
        <p role="alert" className="problem">
          The model failed ({run.failed.code}): {run.failed.detail}
        </p>
      )}
      {run.done && (
        <p className="muted">
          {run.done.promptTokens} prompt + {run.done.completionTokens} completion tokens · {formatCost(run.done.costUsd)} · {formatLatency(run.done.latencyMs)}
          {run.done.finishReason ? ` · finished: ${run.done.finishReason}` : ''}
        </p>
      )}
      {run.traceId && !run.running && (
        <p>
          <Link to={`/traces/${encodeURIComponent(run.traceId)}`}>Open the run&apos;s trace</Link>
        </p>
      )}
    </div>
  );
}
