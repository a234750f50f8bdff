import { context, trace, type Context, type Tracer } from '@opentelemetry/api';
import { ATTR, spanKindOf, type SpanType } from './attributes.js';
import { SpanHandle, type SpanUpdate } from './span-handle.js';

export interface ObserveOptions {
  /** The span's name (default: the function's name, else `observed`). */
  name?: string;
  type?: SpanType;
  /** Record the arguments as the span's input (default true). */
  captureInput?: boolean;
  /** Record the return value as the span's output (default true). */
  captureOutput?: boolean;
  /** Attributes on the span from the start: metadata, model… */
  update?: SpanUpdate;
}

/** Where observed calls get their tracer and value limit: the client, looked up per call. */
export interface TracerSource {
  tracer(): Tracer | undefined;
  maxValueLength(): number;
}

/**
 * Starts a span as a child of the active one and returns the context that makes it active. Returns
 * undefined when the SDK cannot make a span (not configured, or its tracer failed): the caller's
 * function then runs untouched.
 */
export function startSpanIn(source: TracerSource, name: string, options: ObserveOptions = {}, parent: Context = context.active()): { handle: SpanHandle; ctx: Context } | undefined {
  try {
    const tracer = source.tracer();
    if (!tracer) return undefined;
    const kind = spanKindOf(options.type);
    const span = tracer.startSpan(name, kind ? { attributes: { [ATTR.spanKind]: kind } } : undefined, parent);
    const handle = new SpanHandle(span, source.maxValueLength());
    if (options.update) handle.update(options.update);
    return { handle, ctx: trace.setSpan(parent, span) };
  } catch {
    return undefined;
  }
}

/**
 * Runs `fn` inside a span. The function's own exceptions and rejections go to its caller unchanged
 * (after being recorded); the SDK's never do.
 */
export function runObserved<T>(source: TracerSource, name: string, options: ObserveOptions, args: unknown[], fn: (handle: SpanHandle | undefined) => T): T {
  const started = startSpanIn(source, name, options);
  if (!started) return fn(undefined);
  const { handle, ctx } = started;
  if (options.captureInput !== false && args.length > 0) handle.update({ input: args.length === 1 ? args[0] : args });
  let result: T;
  try {
    result = context.with(ctx, () => fn(handle));
  } catch (error) {
    handle.fail(error);
    handle.end();
    throw error;
  }
  if (isPromiseLike(result)) {
    return Promise.resolve(result).then(
      (value) => {
        handle.end(options.captureOutput !== false && value !== undefined ? { output: value } : undefined);
        return value;
      },
      (error: unknown) => {
        handle.fail(error);
        handle.end();
        throw error;
      },
    ) as T;
  }
  handle.end(options.captureOutput !== false && result !== undefined ? { output: result } : undefined);
  return result;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** `fn` wrapped so that each call is a span; same parameters, same return value, same `this`. */
export function observeWith<A extends unknown[], R>(source: TracerSource, fn: (...args: A) => R, options: ObserveOptions = {}): (...args: A) => R {
  const name = options.name ?? (fn.name || 'observed');
  return function observed(this: unknown, ...args: A): R {
    return runObserved(source, name, options, args, () => fn.apply(this, args));
  };
}

/** A class method as both decorator flavours see it. */
type Method = (this: unknown, ...args: never[]) => unknown;

/**
 * The decorator form, for both TypeScript decorator flavours: standard (TS 5, `context` object)
 * and legacy `experimentalDecorators` (property descriptor).
 */
export function observedWith(source: TracerSource, options: ObserveOptions = {}) {
  function decorate<T extends Method>(target: T, context: ClassMethodDecoratorContext): T;
  function decorate(target: object, key: string | symbol, descriptor: PropertyDescriptor): PropertyDescriptor;
  function decorate(target: unknown, contextOrKey: unknown, descriptor?: PropertyDescriptor): unknown {
    if (descriptor && typeof descriptor.value === 'function') {
      descriptor.value = observeWith(source, descriptor.value as (...args: unknown[]) => unknown, { ...options, name: options.name ?? String(contextOrKey) });
      return descriptor;
    }
    if (typeof target === 'function') {
      const name = (contextOrKey as { name?: string | symbol } | undefined)?.name;
      return observeWith(source, target as (...args: unknown[]) => unknown, { ...options, name: options.name ?? String(name ?? target.name) });
    }
    return target;
  }
  return decorate;
}
